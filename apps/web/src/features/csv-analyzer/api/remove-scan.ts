import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvScan } from '@dealradar/shared/contracts/scans';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls, queryKeyOf } from '../../../lib/endpoint-query.ts';

/** Cancel, then delete (SPEC §7): removes an active or a finished scan. */
export async function removeScan(scanId: string): Promise<void> {
  await callEndpoint(csvTemplateAnalyzerApi.cancel, { params: { id: scanId } });
  await callEndpoint(csvTemplateAnalyzerApi.remove, { params: { id: scanId } });
}

export function useRemoveScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeScan,
    onSuccess: (_, scanId) => {
      const drop = (scans: CsvScan[] | undefined) => scans?.filter((s) => s.scanId !== scanId);
      queryClient.setQueryData(queryKeyOf(csvTemplateAnalyzerApi.active), drop);
      queryClient.setQueryData(queryKeyOf(csvTemplateAnalyzerApi.history), drop);
      const params = { id: scanId };
      queryClient.removeQueries({ queryKey: queryKeyOf(csvTemplateAnalyzerApi.status, { params }) });
      queryClient.removeQueries({ queryKey: queryKeyOf(csvTemplateAnalyzerApi.queuePosition, { params }) });
      void invalidateCalls(
        queryClient,
        csvTemplateAnalyzerApi.active,
        csvTemplateAnalyzerApi.history,
        csvTemplateAnalyzerApi.status,
        csvTemplateAnalyzerApi.queuePosition,
      );
    },
  });
}
