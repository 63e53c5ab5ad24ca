import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Card, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanStatus, SupplierScanStatus } from '@dealradar/shared/contracts/scans';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { supplierListsApi } from '@dealradar/shared/contracts/endpoints/supplier-lists';
import { formatCount } from '@dealradar/shared/number-format';
import { ScanReportView } from '../../../components/scan-report-view.tsx';
import { ScanTokenProgress } from '../../../components/keepa-token-estimate.tsx';
import { ApiError, callEndpoint, errorMessage } from '../../../lib/api-client.ts';
import { invalidateCalls, queryKeyOf } from '../../../lib/endpoint-query.ts';
import { useSupplierScanStatus } from '../api/get-supplier-scan-status.ts';
import { canceledMessage, cancelConfirmText, completedMessage, supplierProgressPercent, timeRemainingLine } from '../scan-progress.ts';
import { RunChangesView } from './run-changes-view.tsx';
import { toast } from '../toasts.ts';

/** POST /supplier-analyzer/{id}/cancel (the user's own running scan can be stopped; its deals stay). */
function cancelSupplierScan(scanId: string) {
  return callEndpoint(supplierAnalyzerApi.cancel, { params: { id: scanId } });
}

const STATUS_COLOR: Record<ScanStatus, string> = { PENDING: 'gray', PROCESSING: 'blue', COMPLETED: 'green', ERROR: 'red' };

interface ScanProgressPanelProps {
  scanId: string;
  /** What the start call or the active-scan call said, shown until the first poll answers. */
  initial: Pick<SupplierScanStatus, 'status' | 'processedEans' | 'totalEans' | 'allowedEans'>;
  /** The last scan shown again after a reload: nothing shows until its status has been read. */
  restored?: boolean;
  onDismiss: () => void;
}

/** The running scan, polled every 2 s (SPEC §9); 'Scan Completed' toast at the end (SPEC §4). */
export function ScanProgressPanel({ scanId, initial, restored, onDismiss }: ScanProgressPanelProps) {
  const queryClient = useQueryClient();
  const poll = useSupplierScanStatus(scanId);
  const scan = poll.data ?? { ...initial, scanId, report: undefined, error: undefined };
  const percent = supplierProgressPercent(scan);
  const announced = useRef<string | null>(null);
  // A scan shown again after a reload has already ended: only a scan seen running gets the 'Scan Completed' toast.
  const sawRunning = useRef(false);
  if (scan.status === 'PENDING' || scan.status === 'PROCESSING') sawRunning.current = true;
  const settled = !!poll.data && (poll.data.status === 'COMPLETED' || poll.data.status === 'ERROR');

  useEffect(() => {
    if (announced.current === scanId || !settled) return;
    announced.current = scanId;
    if (!sawRunning.current) return;
    void invalidateCalls(queryClient, supplierAnalyzerApi.results, supplierListsApi.list);
    if (scan.status === 'COMPLETED') toast('Scan Completed', completedMessage(scan.processedEans), 'green');
  }, [settled, scan.status, scan.processedEans, scanId, queryClient]);

  // A remembered scan that is gone (removed 24 h after completion): nothing to show.
  const gone = poll.error instanceof ApiError && poll.error.status === 404;
  useEffect(() => {
    if (gone) onDismiss();
  }, [gone, onDismiss]);

  const running = scan.status === 'PENDING' || scan.status === 'PROCESSING';
  const canceled = scan.status === 'ERROR' && !!poll.data?.canceled;
  const cancelNow = () => {
    cancelSupplierScan(scanId)
      .then((answer) => {
        queryClient.setQueryData(queryKeyOf(supplierAnalyzerApi.status, { params: { id: scanId } }), answer);
        // A scan that ended meanwhile is answered as it ended (a completed one keeps its 'Scan Completed').
        if (answer.canceled) toast('Scan cancelled', 'The deals found so far stay in your list.', 'orange');
      })
      .catch((error: unknown) => toast('Error', errorMessage(error, 'Failed to cancel the scan'), 'red'));
  };
  // Any running scan can be cancelled, after a confirmation that says what stays.
  const cancel = () =>
    modals.openConfirmModal({
      title: 'Cancel this scan?',
      centered: true,
      children: <Text size="sm">{cancelConfirmText(scan)}</Text>,
      labels: { confirm: 'Cancel scan', cancel: 'Keep scanning' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-cancel-scan' } as Record<string, unknown>,
      onConfirm: cancelNow,
    });
  const remainingLine = running ? timeRemainingLine(poll.data?.timeRemaining) : null;
  if (restored && !poll.data) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="supplier-scan-panel" data-status={scan.status} data-scan-id={scanId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Text fw={600}>Scan progress</Text>
            <Badge color={canceled ? 'orange' : STATUS_COLOR[scan.status]} variant="light" data-testid="supplier-scan-status">
              {canceled ? 'CANCELLED' : scan.status}
            </Badge>
            {poll.data?.allMarkets && (
              <Badge color="indigo" variant="light" data-testid="scan-all-markets">
                All markets
              </Badge>
            )}
          </Group>
          {running ? (
            <Button size="compact-sm" variant="light" color="red" leftSection={<IconCircleX size={16} />} onClick={cancel} data-testid="cancel-supplier-scan">
              Cancel scan
            </Button>
          ) : (
            <CloseButton aria-label="Hide scan progress" onClick={onDismiss} />
          )}
        </Group>
        <Progress
          value={scan.status === 'PENDING' ? 100 : percent}
          striped={running}
          animated={running}
          color={
            canceled ? 'orange' : scan.status === 'ERROR' ? 'red' : scan.status === 'COMPLETED' ? 'green' : scan.status === 'PENDING' ? 'gray.4' : 'indigo'
          }
          size="lg"
          radius="xl"
          aria-label="Scan progress"
        />
        <Text size="sm" data-testid="supplier-scan-progress-text">
          {scan.status === 'PENDING'
            ? 'Waiting for the scan to start...'
            : `${percent}% · ${formatCount(scan.processedEans)} of ${formatCount(scan.totalEans)} EANs analyzed`}
        </Text>
        {remainingLine && (
          <Text size="sm" c="dimmed" data-testid="supplier-scan-time-remaining">
            {remainingLine}
          </Text>
        )}
        {scan.allowedEans < scan.totalEans && (
          <Text size="xs" c="orange.8">
            Your plan allows {formatCount(scan.allowedEans)} EANs in this run; only those are analyzed.
          </Text>
        )}
        <ScanTokenProgress tokens={poll.data?.tokens} running={running} />
        {running && poll.isError && (
          <Text size="xs" c="dimmed">
            Could not reach the server; trying again in a few seconds.
          </Text>
        )}
        {running && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="xs">Matching your list against Amazon and keeping the products that meet your minimum ROI. Deals appear below as they are found.</Text>
          </Alert>
        )}
        {canceled && (
          <Alert variant="light" color="orange" icon={<IconCircleX size={18} />} p="xs" data-testid="supplier-scan-canceled">
            <Text size="sm">{canceledMessage({ ...scan, dealsFound: scan.report?.dealsFound ?? 0 })}</Text>
          </Alert>
        )}
        {scan.status === 'ERROR' && !canceled && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">Error: {scan.error ?? 'The scan failed.'}</Text>
          </Alert>
        )}
        {scan.report && !running && <ScanReportView report={scan.report} scanId={scanId} reportCall={supplierAnalyzerApi.report} />}
        {/* A re-run of a supplier list: what changed since the run it re-ran. */}
        {scan.status === 'COMPLETED' && poll.data?.rerunOf && <RunChangesView scanId={scanId} />}
      </Stack>
    </Card>
  );
}
