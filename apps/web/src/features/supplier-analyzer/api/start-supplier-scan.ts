import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualEntryRow, SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { MarketChoice } from '@dealradar/shared/best-market';
import type { PriceTerms } from '@dealradar/shared/price-terms';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { ColumnMapping } from '../../../lib/column-mapping.ts';
import { mappingBody, type PendingUpload } from '../../../lib/supplier-upload.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

export type StartSupplierScanInput =
  | { kind: 'file'; marketId: MarketChoice; file: File; upload: PendingUpload; mapping: ColumnMapping }
  | {
      kind: 'manual';
      marketId: MarketChoice;
      rows: ManualEntryRow[];
      /** "No brand" and the prices' currency and VAT; absent: brand required, EUR net. */
      noBrand?: boolean;
      priceTerms?: PriceTerms;
    };

/**
 * A file: POST /supplier-analyzer/scans with the id of the upload sent when the file was dropped and the mapping (the
 * file is not sent again; a refused upload's sentence is the start's error). Manual entry: POST /supplier-analyzer/start
 * with JSON { marketId, rows } (the server stores the rows as an upload). 180000 ms timeout (SPEC §7, §9).
 */
export async function startSupplierScan(input: StartSupplierScanInput): Promise<SupplierStartResponse> {
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
    return callEndpoint(supplierAnalyzerApi.start, { body, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
  }
  const { uploadId } = await input.upload.promise;
  return callEndpoint(supplierAnalyzerApi.startFromUpload, {
    body: { uploadId, marketId: input.marketId, ...mappingBody(input.mapping) },
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
  });
}

export function useStartSupplierScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSupplierScan,
    // EANs used this month changed.
    onSuccess: () => void invalidateCalls(queryClient, plansApi.subscriptionStatus),
  });
}
