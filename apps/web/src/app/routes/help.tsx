import { Stack } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { HelpForm } from '../../features/help/components/help-form.tsx';
import { HelpRequestsTable } from '../../features/help/components/help-requests-table.tsx';

/** /help: non-admins send a message; admins see all requests (SPEC §2 Help, §6). */
export function HelpPage() {
  const isAdmin = useSession()?.role === 'ADMIN';
  return (
    <Stack gap="lg" maw={isAdmin ? 1100 : 760}>
      <PageHeader title="Help / Docs" subtitle={isAdmin ? 'Support requests from users.' : 'Get in touch with the DealRadar team.'} icon={<IconHelp size={24} />} />
      {isAdmin ? <HelpRequestsTable /> : <HelpForm />}
    </Stack>
  );
}
