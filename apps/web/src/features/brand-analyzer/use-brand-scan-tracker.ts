import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveBrandScan } from './api/get-active-brand-scan.ts';
import { useBrandScan } from './api/get-brand-scan.ts';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { invalidateCalls } from '../../lib/endpoint-query.ts';

export const SCAN_STATUS_ERROR = 'Failed to get scan status.';

/**
 * The scan the status panel follows: the one just started, or the active one found on page load (resumed).
 * Polls it every 2 s until it ends; on COMPLETED the favorites reload once; a failed poll reports
 * 'Failed to get scan status.' and polling stops.
 */
export function useBrandScanTracker(onError: (message: string) => void) {
  const queryClient = useQueryClient();
  const [scanId, setScanId] = useState<string | null>(null);
  const active = useActiveBrandScan();
  const scan = useBrandScan(scanId);
  const reloadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!scanId && active.data) setScanId(active.data.id);
  }, [active.data, scanId]);

  useEffect(() => {
    if (scan.isError) onError(SCAN_STATUS_ERROR);
  }, [scan.isError, onError]);

  const status = scan.data?.status;
  useEffect(() => {
    if (status === 'COMPLETED' && scanId && reloadedFor.current !== scanId) {
      reloadedFor.current = scanId;
      void invalidateCalls(queryClient, brandAnalyzerApi.favorites);
    }
  }, [status, scanId, queryClient]);

  return {
    scanId,
    scan: scan.data ?? null,
    follow: (id: string) => setScanId(id),
    isRunning: status === 'PENDING' || status === 'PROCESSING' || (!!scanId && !scan.data && !scan.isError),
  };
}
