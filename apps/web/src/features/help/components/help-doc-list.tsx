import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { HelpDoc } from '../docs/help-doc.ts';

/** The help pages as cards: title and one sentence each. */
export function HelpDocList({ docs }: { docs: readonly HelpDoc[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="help-doc-list">
      {docs.map((doc) => (
        <Paper key={doc.slug} withBorder radius="md" p="md">
          <Anchor component={Link} to={`/help/${doc.slug}`} fw={600}>
            {doc.title}
          </Anchor>
          <Text size="sm" c="dimmed" mt={4}>
            {doc.summary}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
