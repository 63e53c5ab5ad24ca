import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsvScan } from '@dealradar/shared/contracts/scans';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { mappingFormFields, type ColumnMapping } from '../../../lib/column-mapping.ts';
import { invalidateCalls, queryKeyOf } from '../../../lib/endpoint-query.ts';

export interface StartCsvScanInput {
  file: File;
  marketId: MarketId;
  mapping: ColumnMapping;
}

/** POST /catalog/scan/start (SPEC §7): text fields first, then the file; the answer text is the scanId. */
export async function startCsvScan({ file, marketId, mapping }: StartCsvScanInput): Promise<string> {
  const form = new FormData();
  form.append('marketplaceId', getMarket(marketId).marketplaceId);
  form.append('marketId', marketId);
  for (const [name, value] of mappingFormFields(mapping)) form.append(name, value);
  form.append('file', file, file.name);
  const text = await callEndpoint(csvTemplateAnalyzerApi.start, { body: form });
  return text.trim();
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
