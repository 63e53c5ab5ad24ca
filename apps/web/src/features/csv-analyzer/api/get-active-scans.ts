import { queryOptions, useQuery } from '@tanstack/react-query';
import { csvScanListSchema, type CsvScan } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { csvScanKeys, LIST_POLL_MS } from './csv-scan-keys.ts';

export function getActiveScans(): Promise<CsvScan[]> {
  return apiRequest('/catalog/scan/active', { schema: csvScanListSchema });
}

export const activeScansQueryOptions = () => queryOptions({ queryKey: csvScanKeys.active(), queryFn: getActiveScans, refetchInterval: LIST_POLL_MS });

export function useActiveScans() {
  return useQuery(activeScansQueryOptions());
}
