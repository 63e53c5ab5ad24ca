import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY_NAME } from '@dealradar/shared/constants';
import { paths } from '../../config/paths.ts';

/** Copyright line with the company name and current year, and the link to the terms (SPEC §2). */
export function AppFooter() {
  return (
    <Group component="footer" justify="space-between" gap="xs" py="md" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {COMPANY_NAME}. All rights reserved.
      </Text>
      <Anchor component={Link} to={paths.terms} size="sm" c="dimmed">
        Terms and Conditions
      </Anchor>
    </Group>
  );
}
