import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBook } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';
import { useSession } from '../../lib/session.ts';
import { paths } from '../../config/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { findDoc } from '../../features/help/help-docs.ts';
import { HelpDocView } from '../../features/help/components/help-doc-view.tsx';

/** /help/:doc — one help page; a #section in the address scrolls to that section. */
export function HelpDocPage() {
  const isAdmin = useSession()?.role === 'ADMIN';
  const doc = findDoc(useParams().doc, isAdmin);
  useScrollToHash(!!doc);

  if (!doc) return <Navigate to={paths.help} replace />;
  return (
    <Stack gap="lg" maw={900}>
      <Anchor component={Link} to={paths.help} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> Help / Docs
        </Group>
      </Anchor>
      <PageHeader title={doc.title} subtitle={doc.summary} icon={<IconBook size={24} />} />
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <HelpDocView doc={doc} />
      </Paper>
      <Text size="sm" c="dimmed">
        Still stuck?{' '}
        <Anchor component={Link} to={`${paths.help}#contact`} size="sm">
          Send us a message
        </Anchor>{' '}
        — the answer arrives by e-mail and stays under Help / Docs.
      </Text>
    </Stack>
  );
}
