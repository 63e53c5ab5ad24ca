import { Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { myHelpRequestsQueryOptions } from '../api/help-requests.ts';

/** The user's own messages, newest first, each with its answer once an administrator has written one. */
export function MyHelpRequests() {
  const requests = useQuery(myHelpRequestsQueryOptions);
  return (
    // Not titled "…messages": the form's field is labelled Message, and the section's name must not compete with it.
    <SectionCard title="Your questions and our answers" description="Everything you sent us, newest first. Answers also arrive by e-mail.">
      {requests.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : requests.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(requests.error, 'Failed to load your messages.')}
        </Text>
      ) : requests.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          You have not sent a message yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="my-help-requests">
          {requests.data.map((request) => (
            <Paper key={request.id} withBorder radius="md" p="sm" data-testid="my-help-request">
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="xs" c="dimmed">
                  Sent {formatDateTime(request.createdAt)}
                </Text>
                <Badge size="sm" variant="light" color={request.answer ? 'green' : 'gray'}>
                  {request.answer ? 'Answered' : 'Waiting for an answer'}
                </Badge>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {request.message}
              </Text>
              {request.answer && (
                <Paper bg="green.0" radius="sm" p="sm" mt="sm" data-testid="help-answer">
                  <Text size="xs" c="dimmed" mb={2}>
                    Answer · {formatDateTime(request.answeredAt)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {request.answer}
                  </Text>
                </Paper>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
