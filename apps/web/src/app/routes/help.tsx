import { Stack, Title } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useSession } from '../../lib/session.ts';
import { useScrollToHash } from '../../lib/use-scroll-to-hash.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { docsFor } from '../../features/help/help-docs.ts';
import { HelpSearch } from '../../features/help/components/help-search.tsx';
import { HelpDocList } from '../../features/help/components/help-doc-list.tsx';
import { HelpForm } from '../../features/help/components/help-form.tsx';
import { MyHelpRequests } from '../../features/help/components/my-help-requests.tsx';
import { HelpRequestsTable } from '../../features/help/components/help-requests-table.tsx';

/**
 * /help: the docs (searchable, one page per tool) for everyone; non-admins also send messages and see the answers,
 * admins see and answer every request (SPEC §2 Help, §6).
 */
export function HelpPage() {
  const isAdmin = useSession()?.role === 'ADMIN';
  const docs = docsFor(isAdmin);
  useScrollToHash();
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Help / Docs" subtitle="How each tool works, and a direct line to the DealRadar team." icon={<IconHelp size={24} />} />
      <HelpSearch docs={docs} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          Docs
        </Title>
        <HelpDocList docs={docs} />
      </Stack>
      {isAdmin ? (
        <HelpRequestsTable />
      ) : (
        <Stack gap="lg" id="contact" maw={760}>
          <HelpForm />
          <MyHelpRequests />
        </Stack>
      )}
    </Stack>
  );
}
