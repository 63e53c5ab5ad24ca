import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Center, Loader, SimpleGrid, Tabs, Text } from '@mantine/core';
import { IconHistory, IconRadar } from '@tabler/icons-react';
import type { CsvScan, DownloadFormat } from '@dealradar/shared/contracts/scans';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';
import { useActiveScans } from '../api/get-active-scans.ts';
import { useScanHistory } from '../api/get-scan-history.ts';
import { useRemoveScan } from '../api/remove-scan.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { downloadFailureMessage, getScanResults, resultsFileName } from '../api/download-scan-results.ts';
import { toastError, toastInfo, toastSuccess } from '../toasts.ts';
import { ScanCard } from './scan-card.tsx';

/** 'Active Scans (n)' and 'Scan History (n)' tabs with their cards (SPEC §2). */
export function CsvScanTabs() {
  const active = useActiveScans();
  const history = useScanHistory();
  const remove = useRemoveScan();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('active');

  // A scan that left the active list has finished (or was removed): reload the history now, not in 10 s.
  const queryClient = useQueryClient();
  const activeIds = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!active.data) return;
    const ids = new Set(active.data.map((s) => s.scanId));
    const left = [...activeIds.current].some((id) => !ids.has(id));
    activeIds.current = ids;
    if (left) void invalidateCalls(queryClient, csvTemplateAnalyzerApi.history);
  }, [active.data, queryClient]);

  const loadFailed = active.isError || history.isError;
  useEffect(() => {
    if (loadFailed) toastError('Error', 'Failed to load scans. Please try again.', 'csv-scans-load-failed');
  }, [loadFailed, active.errorUpdatedAt, history.errorUpdatedAt]);

  const handleRemove = (scan: CsvScan) => {
    remove.mutate(scan.scanId, {
      onSuccess: () => toastSuccess('Scan canceled', 'The scan was canceled and removed from the list.'),
      onError: () => toastError('Error', 'Failed to cancel scan'),
    });
  };

  const handleDownload = async (scan: CsvScan, format: DownloadFormat) => {
    if (scan.status !== 'COMPLETED') {
      toastError('Download Failed', 'Scan is not completed yet');
      return;
    }
    setDownloadingId(scan.scanId);
    toastInfo('Downloading', 'Preparing your results for download');
    try {
      const blob = await getScanResults(scan.scanId, format);
      if (!blob || blob.size === 0) throw new Error('No data received from server');
      saveBlob(blob, resultsFileName(scan.scanId, format));
      toastSuccess('Download Complete', 'Your results have been downloaded');
    } catch (error) {
      toastError('Download Failed', downloadFailureMessage(error));
    } finally {
      setDownloadingId(null);
    }
  };

  const renderCards = (scans: CsvScan[]) => (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {scans.map((scan) => (
        <ScanCard
          key={scan.scanId}
          scan={scan}
          onRemove={handleRemove}
          onDownload={(s, format) => void handleDownload(s, format)}
          removing={remove.isPending && remove.variables === scan.scanId}
          downloading={downloadingId === scan.scanId}
        />
      ))}
    </SimpleGrid>
  );

  const activeScans = active.data ?? [];
  const historyScans = history.data ?? [];

  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List mb="md">
        <Tabs.Tab value="active" leftSection={<IconRadar size={16} />}>
          Active Scans ({activeScans.length})
        </Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
          Scan History ({historyScans.length})
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="active">
        {active.isPending ? (
          <Empty loading text="Loading scans..." />
        ) : activeScans.length === 0 ? (
          <Empty text="No active scans. Upload a file to start analyzing." />
        ) : (
          renderCards(activeScans)
        )}
      </Tabs.Panel>
      <Tabs.Panel value="history">
        {history.isPending ? (
          <Empty loading text="Loading scan history..." />
        ) : historyScans.length === 0 ? (
          <Empty text="No completed scans in the last 24 hours." />
        ) : (
          renderCards(historyScans)
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

function Empty({ text, loading }: { text: string; loading?: boolean }) {
  return (
    <Center py={48} style={{ flexDirection: 'column', gap: 12, border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
      {loading && <Loader size="sm" />}
      <Text c="dimmed">{text}</Text>
    </Center>
  );
}
