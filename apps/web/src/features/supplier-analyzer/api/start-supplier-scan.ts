import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierStartResponseSchema, type ManualEntryRow, type SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { SUPPLIER_UPLOAD_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { MarketChoice } from '@dealradar/shared/best-market';
import { apiRequest } from '../../../lib/api-client.ts';
import { mappingFormFields, type ColumnMapping } from '../../../lib/column-mapping.ts';

export type StartSupplierScanInput =
  { kind: 'file'; marketId: MarketChoice; file: File; mapping: ColumnMapping } | { kind: 'manual'; marketId: MarketChoice; rows: ManualEntryRow[] };

/**
 * POST /supplier-analyzer/start with a 180000 ms timeout (SPEC §7, §9): multipart for a file (text fields
 * before the file), JSON { marketId, rows } for manual entry.
 */
export function startSupplierScan(input: StartSupplierScanInput): Promise<SupplierStartResponse> {
  const options = { method: 'POST', timeoutMs: SUPPLIER_UPLOAD_TIMEOUT_MS, schema: supplierStartResponseSchema } as const;
  if (input.kind === 'manual') {
    return apiRequest('/supplier-analyzer/start', { ...options, body: { marketId: input.marketId, rows: input.rows } });
  }
  const form = new FormData();
  form.append('marketId', input.marketId);
  for (const [name, value] of mappingFormFields(input.mapping)) form.append(name, value);
  form.append('file', input.file, input.file.name);
  return apiRequest('/supplier-analyzer/start', { ...options, body: form });
}

export function useStartSupplierScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSupplierScan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['organization', 'subscription-status'] }),
  });
}
