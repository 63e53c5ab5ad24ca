import type { ReactNode } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  /** For tests and landmarks. */
  testId?: string;
}

/** A titled white card: the building block of the account pages. */
export function SectionCard({ title, description, icon, children, testId }: SectionCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid={testId} component="section" aria-label={title}>
      <Group gap="sm" mb={description ? 4 : 'md'} wrap="nowrap">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
