import type { ReactNode } from 'react';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';

/** One card of the dashboard: its title (and badge), then the content or, when there is nothing to show, `empty`. */
export function DashboardSection({
  title,
  ariaLabel = title,
  badge,
  empty,
  fill = false,
  children,
}: {
  title: string;
  ariaLabel?: string;
  badge?: { label: string; color: string };
  /** The sentence shown instead of the content (SPEC §4 empty states); false or undefined shows the content. */
  empty?: string | false;
  /** Stretch to the height of its grid row. */
  fill?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label={ariaLabel} h={fill ? '100%' : undefined}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {badge && (
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}
