import { useQuery } from '@tanstack/react-query';
import { supplierActiveScanSchema, type SupplierActiveScan } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { supplierKeys } from './supplier-keys.ts';

/** GET /supplier-analyzer/active-scan: null when there is none (204) or the call fails. */
export async function getActiveSupplierScan(): Promise<SupplierActiveScan | null> {
  try {
    const scan = await apiRequest('/supplier-analyzer/active-scan', { schema: supplierActiveScanSchema.optional(), silent403: true });
    return scan ?? null;
  } catch {
    return null;
  }
}

/** Read once when the page opens, so a running scan is resumed (SPEC §7). */
export function useActiveSupplierScan() {
  return useQuery({ queryKey: supplierKeys.activeScan(), queryFn: getActiveSupplierScan, staleTime: 0, gcTime: 0 });
}
