import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconTrash, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CsvScan, DownloadFormat, ScanStatus } from '@dealradar/shared/contracts/scans';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { DownloadMenuButton } from '../../../components/download-menu-button.tsx';
import { ScanReportView } from '../../../components/scan-report-view.tsx';
import { getMarket } from '@dealradar/shared/markets';
import { ScanTokenProgress } from '../../../components/keepa-token-estimate.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';
import { useQueuePosition } from '../api/get-queue-position.ts';
import { useScanStatus } from '../api/get-scan-status.ts';
import {
  estimateSecondsRemaining,
  formatProcessingTime,
  formatTimeRemaining,
  isActiveStatus,
  progressPercent,
  progressText,
  steadyRemaining,
  type ShownRemaining,
} from '../scan-progress.ts';

const STATUS_COLOR: Record<ScanStatus, string> = { PENDING: 'gray', PROCESSING: 'blue', COMPLETED: 'green', ERROR: 'red' };

interface ScanCardProps {
  scan: CsvScan;
  onRemove: (scan: CsvScan) => void;
  onDownload: (scan: CsvScan, format: DownloadFormat) => void;
  removing: boolean;
  downloading: boolean;
}

/** The scan as its own 2-second poll sees it; a failed poll turns it into ERROR with that message (SPEC §4). */
function useLiveScan(scan: CsvScan): CsvScan {
  const queryClient = useQueryClient();
  const poll = useScanStatus(scan.scanId, isActiveStatus(scan.status));
  const live: CsvScan = poll.isError
    ? { ...scan, status: 'ERROR', error: errorMessage(poll.error, poll.error instanceof Error ? poll.error.message : 'An error occurred') }
    : newer(poll.data, scan);
  const finished = !isActiveStatus(live.status) && isActiveStatus(scan.status);
  useEffect(() => {
    // Polling stopped at COMPLETED or ERROR: reload both lists so the scan moves to the history tab.
    if (!finished || poll.isError) return;
    void invalidateCalls(queryClient, csvTemplateAnalyzerApi.active, csvTemplateAnalyzerApi.history);
  }, [finished, poll.isError, queryClient]);
  return live;
}

/** The fresher of the polled and the listed scan (a stopped poll's cached answer must not hide a newer list entry). */
function newer(polled: CsvScan | undefined, listed: CsvScan): CsvScan {
  if (!polled) return listed;
  return Date.parse(polled.lastUpdateTime) >= Date.parse(listed.lastUpdateTime) ? polled : listed;
}

export function ScanCard({ scan: listed, onRemove, onDownload, removing, downloading }: ScanCardProps) {
  const scan = useLiveScan(listed);
  const active = isActiveStatus(scan.status);
  const queue = useQueuePosition(scan.scanId, active);
  const percent = progressPercent(scan);
  const market = getMarket(scan.market);
  const shownRemaining = useRef<ShownRemaining | null>(null);
  // A scan that spends Keepa tokens is paced by the refill, so its time left comes from tokens, not rows
  // (only with a real account, whose balance is known: the demo charges like Keepa but never waits).
  const tokenMinutes = scan.tokens && scan.tokens.tokensLeft !== null ? scan.tokens.minutesRemaining : null;
  const byRows = tokenMinutes !== null && tokenMinutes > 0 ? tokenMinutes * 60 : estimateSecondsRemaining(scan, Date.now());
  shownRemaining.current = steadyRemaining(shownRemaining.current, byRows, scan.processedEans);
  const remaining = shownRemaining.current?.seconds ?? null;
  const endTime = scan.completedAt ?? scan.lastUpdateTime;
  const processingMs = scan.startTime && scan.status === 'COMPLETED' ? Date.parse(endTime) - Date.parse(scan.startTime) : null;

  return (
    <Card withBorder shadow="xs" radius="md" padding="lg" data-testid="scan-card" data-scan-id={scan.scanId} data-status={scan.status}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Tooltip label={scan.fileName} openDelay={400}>
              <Text fw={600} truncate>
                {scan.fileName}
              </Text>
            </Tooltip>
            <Text size="xs" c="dimmed">
              {market.name} ({market.currency}) · started {formatDateTime(scan.createdAt)}
            </Text>
          </div>
          <Badge color={STATUS_COLOR[scan.status]} variant="light" style={{ flexShrink: 0 }}>
            {scan.status}
          </Badge>
        </Group>

        <Stack gap={6}>
          <Text size="sm" data-testid="scan-progress-text">
            {progressText(scan)}
          </Text>
          <Progress
            value={scan.status === 'PENDING' || scan.status === 'ERROR' ? 100 : percent}
            color={scan.status === 'ERROR' ? 'red' : scan.status === 'COMPLETED' ? 'green' : scan.status === 'PENDING' ? 'gray.4' : 'indigo'}
            animated={scan.status === 'PENDING'}
            striped={scan.status === 'PENDING'}
            size="md"
            radius="xl"
            aria-label="Scan progress"
          />
          <ScanTokenProgress tokens={scan.tokens} running={active} />
        </Stack>

        {active && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="xs">We are scanning your supplier list against Amazon and keeping only the products that meet your ROI settings.</Text>
          </Alert>
        )}

        {scan.status === 'ERROR' && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm" data-testid="scan-error">
              Error: {scan.error ?? 'An error occurred'}
            </Text>
          </Alert>
        )}

        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {active && queue.data && (
            <Detail label="Queue position" value={queue.data.position > 0 ? `${queue.data.position} of ${queue.data.queueSize}` : 'Running now'} />
          )}
          {scan.status === 'PROCESSING' && remaining !== null && <Detail label="Time remaining" value={formatTimeRemaining(remaining)} />}
          {processingMs !== null && <Detail label="Processing time" value={formatProcessingTime(processingMs)} />}
        </SimpleGrid>
        {scan.status === 'COMPLETED' && <ScanReportView report={scan.report} scanId={scan.scanId} reportCall={csvTemplateAnalyzerApi.report} columns={3} />}

        <Group justify="flex-end" gap="xs" mt="auto">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={active ? <IconX size={14} /> : <IconTrash size={14} />}
            loading={removing}
            onClick={() => onRemove(scan)}
          >
            {active ? 'Cancel' : 'Remove'}
          </Button>
          {scan.status === 'COMPLETED' && (
            <DownloadMenuButton label="Download results" loading={downloading} onDownload={(format) => onDownload(scan, format)} />
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}
