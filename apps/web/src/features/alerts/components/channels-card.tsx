import { Button, Code, CopyButton, Group, Stack, Switch, Text } from '@mantine/core';
import type { AlertChannels } from '@dealradar/shared/contracts/alerts';

interface ChannelsCardProps {
  channels: AlertChannels;
  busy: boolean;
  onEmailAlerts: (on: boolean) => void;
  onRotate: () => void;
}

/** Where alerts go: the e-mail address (with the unsubscribe state) and the webhook signing secret. */
export function ChannelsCard({ channels, busy, onEmailAlerts, onRotate }: ChannelsCardProps) {
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={600}>
          E-mail
        </Text>
        <Text size="sm" c="dimmed" mb={6}>
          Alerts go to {channels.email}. Every alert e-mail has a one-click unsubscribe link.
        </Text>
        <Switch
          label="Send price-drop alert e-mails"
          checked={!channels.emailUnsubscribed}
          onChange={(e) => onEmailAlerts(e.currentTarget.checked)}
          disabled={busy}
          data-testid="alert-emails-switch"
        />
      </div>
      <div>
        <Text size="sm" fw={600}>
          Webhook signing secret
        </Text>
        <Text size="sm" c="dimmed" mb={6}>
          Every webhook carries the header <Code>{channels.signatureHeader}: t=…,v1=…</Code>: an HMAC-SHA256 of the timestamp, a dot and the raw body, keyed
          with this secret. See Help → Alerts for a verification example.
        </Text>
        <Group gap="xs">
          <Code data-testid="webhook-secret">{channels.webhookSecret}</Code>
          <CopyButton value={channels.webhookSecret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onRotate} disabled={busy}>
            New secret
          </Button>
        </Group>
      </div>
    </Stack>
  );
}
