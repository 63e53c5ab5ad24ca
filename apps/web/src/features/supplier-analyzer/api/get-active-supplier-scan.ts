import { useQuery } from '@tanstack/react-query';
import type { SupplierActiveScan } from '@dealradar/shared/contracts/scans';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/endpoint-query.ts';

/** GET /supplier-analyzer/active-scan: null when there is none (204) or the call fails. */
export async function getActiveSupplierScan(): Promise<SupplierActiveScan | null> {
  try {
    return await callEndpoint(supplierAnalyzerApi.activeScan, { silent403: true });
  } catch {
    return null;
  }
}

/** Read once when the page opens, so a running scan is resumed (SPEC §7). */
export function useActiveSupplierScan() {
  return useQuery({ queryKey: queryKeyOf(supplierAnalyzerApi.activeScan), queryFn: getActiveSupplierScan, staleTime: 0, gcTime: 0 });
}
