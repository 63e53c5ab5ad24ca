import { useCallback, useEffect, useState } from 'react';
import type { SupplierScanStatus, SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { useActiveSupplierScan } from '../api/get-active-supplier-scan.ts';
import { readLastScanId, writeLastScanId } from '../last-scan.ts';
import { ScanProgressPanel } from './scan-progress-panel.tsx';

export interface TrackedScan {
  scanId: string;
  initial: Pick<SupplierScanStatus, 'status' | 'processedEans' | 'totalEans' | 'allowedEans'>;
  /** Shown again after a reload: its counts are unknown until the first status answer, so nothing shows before it. */
  restored?: boolean;
}

export function trackedFromStart(answer: SupplierStartResponse): TrackedScan {
  return { scanId: answer.scanId, initial: { status: answer.status, processedEans: 0, totalEans: answer.totalEans, allowedEans: answer.allowedEans } };
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The scan the progress panel follows: the one just started, or, when the page opens, the user's active scan
 * (GET /supplier-analyzer/active-scan), so a running scan is resumed (SPEC §7); without one, the last scan shown, so
 * its report is there after a reload.
 */
export function useTrackedSupplierScan() {
  const [tracked, setTrackedState] = useState<TrackedScan | null>(null);
  const active = useActiveSupplierScan();
  const setTracked = useCallback((next: TrackedScan | null) => {
    writeLastScanId(storage(), next?.scanId ?? null);
    setTrackedState(next);
  }, []);
  useEffect(() => {
    if (!active.isFetched) return;
    const scan = active.data;
    if (scan) {
      setTrackedState((current) => current ?? { scanId: scan.scanId, initial: scan });
      writeLastScanId(storage(), scan.scanId);
      return;
    }
    const last = readLastScanId(storage());
    if (last) {
      setTrackedState(
        (current) => current ?? { scanId: last, restored: true, initial: { status: 'COMPLETED', processedEans: 0, totalEans: 0, allowedEans: 0 } },
      );
    }
  }, [active.isFetched, active.data]);
  return [tracked, setTracked] as const;
}

export function TrackedScanPanel({ tracked, onDismiss }: { tracked: TrackedScan | null; onDismiss: () => void }) {
  if (!tracked) return null;
  return <ScanProgressPanel key={tracked.scanId} scanId={tracked.scanId} initial={tracked.initial} restored={tracked.restored} onDismiss={onDismiss} />;
}
