import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { useAnswerHelpRequest, type HelpRequestItem } from '../api/help-requests.ts';

/** An administrator answers one request; the user gets it by e-mail and sees it under Help. */
export function AnswerHelpModal({ request, onClose }: { request: HelpRequestItem | null; onClose: () => void }) {
  const send = useAnswerHelpRequest();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAnswer('');
    setError(null);
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    if (!answer.trim()) return setError('Answer is required');
    send.mutate(
      { id: request.id, answer: answer.trim() },
      {
        onSuccess: (result) => {
          if (result.emailSent) notifySuccess(result.message);
          else notifyError(result.message, 'E-mail not sent');
          close();
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to send the answer.')),
      },
    );
  };
  return (
    <Modal opened={!!request} onClose={close} title={request ? `Answer ${request.sender}` : 'Answer'} centered size="lg">
      {request && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {request.message}
            </Text>
            <Textarea
              label="Answer"
              minRows={5}
              autosize
              maxRows={14}
              value={answer}
              onChange={(e) => {
                setAnswer(e.currentTarget.value);
                setError(null);
              }}
              withAsterisk
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              The user gets the answer by e-mail and sees it under Help / Docs. A request is answered once.
            </Text>
            <FormMessage kind="error">{error}</FormMessage>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send answer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
