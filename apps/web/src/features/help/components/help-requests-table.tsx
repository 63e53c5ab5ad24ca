import { useState } from 'react';
import { Button, Center, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { helpRequestsQueryOptions, type HelpRequestItem } from '../api/help-requests.ts';
import { AnswerHelpModal } from './answer-help-modal.tsx';

/**
 * Admins: every help request with exactly the columns User, Message, Date (SPEC §2). The answer, or the Answer button,
 * sits under the message in its cell, so answering adds no column to the table the spec describes.
 */
export function HelpRequestsTable() {
  const requests = useQuery(helpRequestsQueryOptions);
  const [answering, setAnswering] = useState<HelpRequestItem | null>(null);
  return (
    <SectionCard title="Help requests" description="Messages sent by users through the support form, newest first. Your answer goes to the user by e-mail.">
      {requests.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : requests.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(requests.error, 'Failed to load help requests.')}
        </Text>
      ) : requests.data.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          No help requests yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="help-requests-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={160}>User</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th w={170}>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...requests.data]
                .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
                .map((request) => (
                  <Table.Tr key={request.id} data-testid="help-request-row">
                    <Table.Td fw={500}>{request.sender}</Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {request.message}
                      </Text>
                      {request.answer ? (
                        <Text
                          component="div"
                          size="sm"
                          mt="xs"
                          pl="sm"
                          style={{ borderLeft: '3px solid var(--mantine-color-green-5)' }}
                          data-testid="help-request-answer"
                        >
                          <Text size="xs" c="dimmed">
                            Answered {formatDateTime(request.answeredAt)}
                          </Text>
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} lineClamp={4}>
                            {request.answer}
                          </Text>
                        </Text>
                      ) : (
                        <Button mt="xs" size="compact-sm" variant="light" onClick={() => setAnswering(request)} aria-label={`Answer ${request.sender}`}>
                          Answer
                        </Button>
                      )}
                    </Table.Td>
                    <Table.Td c="dimmed" data-testid="help-request-date">
                      {formatDateTime(request.createdAt)}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AnswerHelpModal request={answering} onClose={() => setAnswering(null)} />
    </SectionCard>
  );
}
