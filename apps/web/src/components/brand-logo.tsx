import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconRadar } from '@tabler/icons-react';
import { COMPANY_NAME } from '@dealradar/shared/constants';

/** The product mark: radar icon and name; `compact` shows the icon only. */
export function BrandLogo({ compact = false, size = 'md' }: { compact?: boolean; size?: 'md' | 'lg' }) {
  const icon = size === 'lg' ? 40 : 32;
  return (
    <Group gap={10} wrap="nowrap" aria-label={COMPANY_NAME}>
      <ThemeIcon size={icon} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconRadar size={icon * 0.62} stroke={2} />
      </ThemeIcon>
      {!compact && (
        <Text fw={800} size={size === 'lg' ? 'xl' : 'lg'} style={{ letterSpacing: -0.3 }}>
          {COMPANY_NAME}
        </Text>
      )}
    </Group>
  );
}
