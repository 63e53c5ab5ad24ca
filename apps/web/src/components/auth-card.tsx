import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY_NAME } from '@dealradar/shared/constants';
import { BrandLogo } from './brand-logo.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the public account pages: centred card on a soft background, logo above, terms link below. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box
      mih="100vh"
      py={48}
      px="md"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 45%, var(--mantine-color-cyan-0) 100%)' }}
    >
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <BrandLogo size="lg" />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={32}>
            <Stack gap={4} mb="lg">
              <Title order={2} size="h3">
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
          {footer && <Center>{footer}</Center>}
          <Text size="xs" c="dimmed" ta="center">
            © {new Date().getFullYear()} {COMPANY_NAME} ·{' '}
            <Anchor component={Link} to="/terms-and-conditions" size="xs" c="dimmed" underline="always">
              Terms and Conditions
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
