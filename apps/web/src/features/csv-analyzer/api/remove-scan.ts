import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvScan } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { csvScanKeys } from './csv-scan-keys.ts';

/** Cancel, then delete (SPEC §7): removes an active or a finished scan. */
export async function removeScan(scanId: string): Promise<void> {
  const id = encodeURIComponent(scanId);
  await apiRequest(`/catalog/scan/${id}/cancel`, { method: 'POST' });
  await apiRequest(`/catalog/scan/${id}`, { method: 'DELETE' });
}

export function useRemoveScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeScan,
    onSuccess: (_, scanId) => {
      const drop = (scans: CsvScan[] | undefined) => scans?.filter((s) => s.scanId !== scanId);
      queryClient.setQueryData(csvScanKeys.active(), drop);
      queryClient.setQueryData(csvScanKeys.history(), drop);
      queryClient.removeQueries({ queryKey: csvScanKeys.status(scanId) });
      queryClient.removeQueries({ queryKey: csvScanKeys.queuePosition(scanId) });
      void queryClient.invalidateQueries({ queryKey: csvScanKeys.all });
    },
  });
}
