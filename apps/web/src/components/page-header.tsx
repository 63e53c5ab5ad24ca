import type { ReactNode } from 'react';
import { Group, Text, ThemeIcon, Title } from '@mantine/core';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons or badges on the right. */
  actions?: ReactNode;
}

/** The heading of a protected page: icon, title, optional subtitle and actions. */
export function PageHeader({ title, subtitle, icon, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light">
            {icon}
          </ThemeIcon>
        )}
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </div>
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
