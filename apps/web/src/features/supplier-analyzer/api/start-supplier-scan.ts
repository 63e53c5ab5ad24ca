import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualEntryRow, SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { SUPPLIER_UPLOAD_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { MarketChoice } from '@dealradar/shared/best-market';
import type { PriceTerms } from '@dealradar/shared/price-terms';
import { callEndpoint } from '../../../lib/api-client.ts';
import { mappingFormFields, type ColumnMapping } from '../../../lib/column-mapping.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

export type StartSupplierScanInput =
  | { kind: 'file'; marketId: MarketChoice; file: File; mapping: ColumnMapping }
  | {
      kind: 'manual';
      marketId: MarketChoice;
      rows: ManualEntryRow[];
      /** "No brand" and the prices' currency and VAT; absent: brand required, EUR net. */
      noBrand?: boolean;
      priceTerms?: PriceTerms;
    };

/**
 * POST /supplier-analyzer/start with a 180000 ms timeout (SPEC §7, §9): multipart for a file (text fields
 * before the file), JSON { marketId, rows } for manual entry.
 */
export function startSupplierScan(input: StartSupplierScanInput): Promise<SupplierStartResponse> {
  if (input.kind === 'manual') {
    const body = {
      marketId: input.marketId,
      rows: input.rows,
      ...(input.noBrand ? { noBrand: true } : {}),
      ...(input.priceTerms
        ? {
            priceCurrency: input.priceTerms.currency,
            priceIncludesVat: input.priceTerms.includesVat,
            priceVatRate: Math.round(input.priceTerms.vatRate * 10000) / 100,
          }
        : {}),
    };
    return callEndpoint(supplierAnalyzerApi.start, { body, timeoutMs: SUPPLIER_UPLOAD_TIMEOUT_MS });
  }
  const form = new FormData();
  form.append('marketId', input.marketId);
  for (const [name, value] of mappingFormFields(input.mapping)) form.append(name, value);
  form.append('file', input.file, input.file.name);
  return callEndpoint(supplierAnalyzerApi.start, { body: form, timeoutMs: SUPPLIER_UPLOAD_TIMEOUT_MS });
}

export function useStartSupplierScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSupplierScan,
    // EANs used this month changed.
    onSuccess: () => void invalidateCalls(queryClient, plansApi.subscriptionStatus),
  });
}
