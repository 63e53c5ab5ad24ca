import { queryOptions, useQuery } from '@tanstack/react-query';
import { csvScanListSchema, type CsvScan } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { sortByLastUpdateDesc } from '../scan-progress.ts';
import { csvScanKeys, LIST_POLL_MS } from './csv-scan-keys.ts';

/** Completed and failed scans of the last 24 hours, newest update first. */
export async function getScanHistory(): Promise<CsvScan[]> {
  return sortByLastUpdateDesc(await apiRequest('/catalog/scan/history', { schema: csvScanListSchema }));
}

export const scanHistoryQueryOptions = () => queryOptions({ queryKey: csvScanKeys.history(), queryFn: getScanHistory, refetchInterval: LIST_POLL_MS });

export function useScanHistory() {
  return useQuery(scanHistoryQueryOptions());
}
