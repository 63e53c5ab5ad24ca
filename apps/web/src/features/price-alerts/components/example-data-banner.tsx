import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** FREE/STARTER: the 'Example Data' banner with 'Upgrade Now' to /subscription (SPEC §2). */
export function ExampleDataBanner() {
  const navigate = useNavigate();
  return (
    <Alert color="blue" variant="light" title="Example Data" icon={<IconInfoCircle size={20} />} data-testid="example-data-banner">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Text size="sm">You are viewing example data. To access real-time price monitoring and analytics, please upgrade to a Growth or Pro plan.</Text>
        <Button size="xs" onClick={() => navigate('/subscription')}>
          Upgrade Now
        </Button>
      </Group>
    </Alert>
  );
}
