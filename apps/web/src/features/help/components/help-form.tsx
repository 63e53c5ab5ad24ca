import { useState, type FormEvent } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSendHelpMessage } from '../api/help-requests.ts';

/** The support form of non-admins: one required multi-line message (at least 5 rows). */
export function HelpForm() {
  const send = useSendHelpMessage();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') return setError('Message is required');
    send.mutate(message.trim(), {
      onSuccess: () => {
        setMessage('');
        notifySuccess('Your message has been sent!');
      },
      onError: (failure) => notifyError(errorMessage(failure, 'Failed to send message.')),
    });
  };

  return (
    <SectionCard title="Contact support" description="Questions about a scan, your plan or a refund? Write to us and we will answer by e-mail.">
      <form onSubmit={onSubmit} noValidate>
        <Textarea
          label="Message"
          placeholder="How can we help?"
          minRows={5}
          autosize
          maxRows={14}
          required
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}
