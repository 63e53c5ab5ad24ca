import { useMemo, useState } from 'react';
import { Anchor, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HelpDoc } from '../docs/help-doc.ts';
import { searchDocs } from '../search-docs.ts';

/** Searches every page the user may read; each hit links to its section. */
export function HelpSearch({ docs }: { docs: readonly HelpDoc[] }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const hits = useMemo(() => searchDocs(docs, debounced), [docs, debounced]);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search the docs"
        placeholder="e.g. case price, referral fee, weekend schedule"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        size="md"
      />
      {debounced.trim().length > 1 && (
        <Stack gap="xs" data-testid="help-search-results" aria-live="polite">
          {hits.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing found for “{debounced.trim()}”. Try other words, or send us a message below.
            </Text>
          ) : (
            hits.map((hit) => (
              <Paper key={`${hit.slug}#${hit.sectionId}`} withBorder radius="md" p="sm" data-testid="help-search-hit">
                <Anchor component={Link} to={`/help/${hit.slug}#${hit.sectionId}`} fw={600} size="sm">
                  {hit.docTitle} · {hit.sectionTitle}
                </Anchor>
                <Text size="xs" c="dimmed" mt={2}>
                  {hit.snippet}
                </Text>
              </Paper>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
