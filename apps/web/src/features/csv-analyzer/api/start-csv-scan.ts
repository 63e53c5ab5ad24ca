import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvScan } from '@dealradar/shared/contracts/scans';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { ColumnMapping } from '../../../lib/column-mapping.ts';
import { mappingBody, type PendingUpload } from '../../../lib/supplier-upload.ts';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import { invalidateCalls, queryKeyOf } from '../../../lib/endpoint-query.ts';

export interface StartCsvScanInput {
  file: File;
  /** The file as sent once when it was dropped (POST /uploads). */
  upload: PendingUpload;
  marketId: MarketId;
  mapping: ColumnMapping;
}

/**
 * POST /catalog/scans with the id of the upload sent when the file was dropped, the market and the mapping: the file
 * is not sent again (SPEC §7's multipart POST /catalog/scan/start takes it with the fields in one request).
 */
export async function startCsvScan({ upload, marketId, mapping }: StartCsvScanInput): Promise<string> {
  const { uploadId } = await upload.promise;
  const { scanId } = await callEndpoint(csvTemplateAnalyzerApi.startFromUpload, {
    body: { uploadId, marketplaceId: getMarket(marketId).marketplaceId, marketId, ...mappingBody(mapping) },
    timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
  });
  return scanId;
}

/** A new scan shows at once as PENDING with 0 of 0 EANs (SPEC §4) until the list reloads. */
function pendingScan(scanId: string, input: StartCsvScanInput): CsvScan {
  const now = new Date().toISOString();
  return {
    scanId,
    fileName: input.file.name,
    status: 'PENDING',
    processedEans: 0,
    totalEans: 0,
    createdAt: now,
    updatedAt: now,
    startTime: null,
    lastUpdateTime: now,
    market: input.marketId,
    completedAt: null,
    report: { rowsRead: 0, validEans: 0, duplicateRows: 0, invalidRows: 0, issueCounts: {}, issueSamples: [], matchedProducts: 0, dealsFound: 0 },
  };
}

export function useStartCsvScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCsvScan,
    onSuccess: (scanId, input) => {
      queryClient.setQueryData<CsvScan[]>(queryKeyOf(csvTemplateAnalyzerApi.active), (scans) =>
        scans?.some((s) => s.scanId === scanId) ? scans : [pendingScan(scanId, input), ...(scans ?? [])],
      );
      void invalidateCalls(queryClient, csvTemplateAnalyzerApi.active);
    },
  });
}
