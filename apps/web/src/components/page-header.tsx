import type { ReactNode } from 'react';
import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { HelpLink } from './help-link.tsx';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons or badges on the right. */
  actions?: ReactNode;
  /** The help page of this screen: a "?" after the title. */
  help?: { doc: string; label: string };
}

/** The heading of a protected page: icon, title, optional subtitle and actions. */
export function PageHeader({ title, subtitle, icon, actions, help }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        {icon && (
          <ThemeIcon size={44} radius="md" variant="light">
            {icon}
          </ThemeIcon>
        )}
        <div>
          <Group gap={6} wrap="nowrap">
            <Title order={1} size="h2">
              {title}
            </Title>
            {help && <HelpLink doc={help.doc} label={help.label} />}
          </Group>
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
