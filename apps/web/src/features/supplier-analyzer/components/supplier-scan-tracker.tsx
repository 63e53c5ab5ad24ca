import { useEffect, useState } from 'react';
import type { SupplierScanStatus, SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { useActiveSupplierScan } from '../api/get-active-supplier-scan.ts';
import { ScanProgressPanel } from './scan-progress-panel.tsx';

export interface TrackedScan {
  scanId: string;
  initial: Pick<SupplierScanStatus, 'status' | 'processedEans' | 'totalEans' | 'allowedEans'>;
}

export function trackedFromStart(answer: SupplierStartResponse): TrackedScan {
  return { scanId: answer.scanId, initial: { status: answer.status, processedEans: 0, totalEans: answer.totalEans, allowedEans: answer.allowedEans } };
}

/**
 * The scan the progress panel follows: the one just started, or, when the page opens, the user's
 * active scan (GET /supplier-analyzer/active-scan), so a running scan is resumed (SPEC §7).
 */
export function useTrackedSupplierScan() {
  const [tracked, setTracked] = useState<TrackedScan | null>(null);
  const active = useActiveSupplierScan();
  useEffect(() => {
    const scan = active.data;
    if (scan) setTracked((current) => current ?? { scanId: scan.scanId, initial: scan });
  }, [active.data]);
  return [tracked, setTracked] as const;
}

export function TrackedScanPanel({ tracked, onDismiss }: { tracked: TrackedScan | null; onDismiss: () => void }) {
  if (!tracked) return null;
  return <ScanProgressPanel key={tracked.scanId} scanId={tracked.scanId} initial={tracked.initial} onDismiss={onDismiss} />;
}
