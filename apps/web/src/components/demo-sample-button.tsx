import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client.ts';
import { downloadDemoSample } from '../lib/demo-sample.ts';
import { LONG_TOAST_MS } from '../lib/notify.ts';

/** 'Download a sample list' for demo mode (shown only when the market data is the demo catalogue). */
export function DemoSampleButton({ isDemo }: { isDemo: boolean | undefined }) {
  const [loading, setLoading] = useState(false);
  if (!isDemo) return null;
  const handleClick = async () => {
    setLoading(true);
    try {
      await downloadDemoSample();
    } catch (error) {
      notifications.show({ title: 'Error', message: errorMessage(error, 'Failed to download the sample list'), color: 'red', autoClose: LONG_TOAST_MS });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Group justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        Demo mode: real supplier EANs have no demo listings. Try the sample list instead.
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconDownload size={14} />}
        loading={loading}
        onClick={() => void handleClick()}
        data-testid="demo-sample-button"
      >
        Download a sample supplier list
      </Button>
    </Group>
  );
}
