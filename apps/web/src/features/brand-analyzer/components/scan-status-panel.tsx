import { Alert, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { BrandScanState } from '@dealradar/shared/contracts/brand-analyzer';
import { MARKETS } from '@dealradar/shared/markets';
import { scanProgress, scanStatusColor } from '../scan-progress.ts';
import { NO_VALUE } from '../../../lib/format.ts';

const marketName = (id: string | null) => (id ? (MARKETS.find((m) => m.id === id)?.name ?? id) : NO_VALUE);

/** Scan status panel (SPEC §4): current brand and market with two progress bars, then the outcome. */
export function ScanStatusPanel({ scan }: { scan: BrandScanState }) {
  const color = scanStatusColor(scan.status);
  const progress = scanProgress(scan);
  const running = scan.status === 'PROCESSING' || scan.status === 'PENDING';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="scan-status-panel" data-status={scan.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Scan Status</Title>
          <Badge color={color} variant="filled" size="lg" data-testid="scan-status-badge">
            {scan.status}
          </Badge>
        </Group>
        {running && (
          <>
            <div>
              <Group justify="space-between" mb={4}>
                <Text size="sm" data-testid="scan-current-brand">
                  Brand: <b>{scan.currentBrand ?? 'Starting...'}</b> ({progress.brandNumber} of {scan.totalBrands})
                </Text>
                <Text size="xs" c="dimmed">
                  {progress.brandPercent}%
                </Text>
              </Group>
              <Progress value={progress.brandPercent} color={color} animated striped aria-label="Brands progress" data-testid="brand-progress" />
            </div>
            <div>
              <Group justify="space-between" mb={4}>
                <Text size="sm" data-testid="scan-current-market">
                  Market: <b>{marketName(scan.currentMarket)}</b> ({progress.marketNumber} of {scan.totalMarkets})
                </Text>
                <Text size="xs" c="dimmed">
                  {progress.marketPercent}%
                </Text>
              </Group>
              <Progress value={progress.marketPercent} color={color} animated striped aria-label="Markets progress" data-testid="market-progress" />
            </div>
          </>
        )}
        {scan.status === 'COMPLETED' && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="scan-completed">
            <Text size="sm" fw={600}>
              Scan completed successfully!
            </Text>
            <Text size="sm">
              {scan.totalBrands} brand{scan.totalBrands === 1 ? '' : 's'} in {scan.totalMarkets} market{scan.totalMarkets === 1 ? '' : 's'} scanned;{' '}
              {scan.favoritesFound} favorite{scan.favoritesFound === 1 ? '' : 's'} found or refreshed.
            </Text>
          </Alert>
        )}
        {scan.status === 'ERROR' && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="scan-error">
            An error occurred: {scan.error ?? 'Unknown error'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
