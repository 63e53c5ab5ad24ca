import { useQuery } from '@tanstack/react-query';
import { brandScanStateSchema, type BrandScanState } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** GET /brand-analyzer/active-scan: the scan to resume on page load; 204 or an error means none (SPEC §7). */
export async function getActiveBrandScan(): Promise<BrandScanState | null> {
  try {
    const scan = await apiRequest('/brand-analyzer/active-scan', { schema: brandScanStateSchema.optional(), silent403: true });
    return scan ?? null;
  } catch {
    return null;
  }
}

export function useActiveBrandScan() {
  return useQuery({ queryKey: brandAnalyzerKeys.activeScan(), queryFn: getActiveBrandScan, staleTime: 0, refetchOnWindowFocus: false });
}
