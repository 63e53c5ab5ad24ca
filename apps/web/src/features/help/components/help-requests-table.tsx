import { Center, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { helpRequestsQueryOptions } from '../api/help-requests.ts';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Admins: every help request with columns User, Message, Date. */
export function HelpRequestsTable() {
  const requests = useQuery(helpRequestsQueryOptions);
  return (
    <SectionCard title="Help requests" description="Messages sent by users through the support form, newest first.">
      {requests.isPending ? (
        <Center py="xl"><Loader /></Center>
      ) : requests.isError ? (
        <Text c="red" size="sm" role="alert">{errorMessage(requests.error, 'Failed to load help requests.')}</Text>
      ) : requests.data.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">No help requests yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180}>User</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th w={200}>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...requests.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td fw={500}>{request.sender}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{request.message}</Table.Td>
                  <Table.Td c="dimmed">{formatDate(request.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
