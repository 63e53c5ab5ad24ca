import { useQuery } from '@tanstack/react-query';
import type { BrandScanState } from '@dealradar/shared/contracts/brand-analyzer';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { callEndpoint } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/endpoint-query.ts';

/** GET /brand-analyzer/active-scan: the scan to resume on page load; 204 or an error means none (SPEC §7). */
export async function getActiveBrandScan(): Promise<BrandScanState | null> {
  try {
    return await callEndpoint(brandAnalyzerApi.activeScan, { silent403: true });
  } catch {
    return null;
  }
}

export function useActiveBrandScan() {
  return useQuery({ queryKey: queryKeyOf(brandAnalyzerApi.activeScan), queryFn: getActiveBrandScan, staleTime: 0, refetchOnWindowFocus: false });
}
