import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatLimit } from '@dealradar/shared/tiers';
import { paths } from '../../../config/paths.ts';
import { isLimitExhausted } from '../plan-rules.ts';

interface EanLimitStatus {
  tier: string;
  eanUploadsThisMonth: number;
  eanUploadLimit: number;
}

/**
 * SPEC §6: when eanUploadsThisMonth reaches eanUploadLimit, an orange 'EAN Upload Limit Exhausted' alert;
 * FREE also gets an upgrade message and a button to /subscription. Renders nothing otherwise.
 * Takes any object with the three fields of GET /organization/subscription-status.
 */
export function EanLimitAlert({ status }: { status: EanLimitStatus | null | undefined }) {
  if (!status || !isLimitExhausted(status.eanUploadsThisMonth, status.eanUploadLimit)) return null;
  const isFree = status.tier === 'FREE';
  return (
    <Alert color="orange" variant="light" title="EAN Upload Limit Exhausted" icon={<IconAlertTriangle size={18} />} data-testid="ean-limit-alert">
      <Stack gap="xs">
        <Text size="sm">You have used all {formatLimit(status.eanUploadLimit)} EAN uploads for this month.</Text>
        {isFree && (
          <>
            <Text size="sm">Upgrade to a paid plan to analyze more EANs this month.</Text>
            <div>
              <Button component={Link} to={paths.subscription} color="orange" size="xs">
                Upgrade Now
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Alert>
  );
}
