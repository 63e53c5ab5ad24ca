import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /market-data/admin/status (admin): providers, FX, cache and recent imports. */
export const marketDataStatusQueryOptions = queryOptions(endpointQuery(marketDataApi.adminStatus));

export function useMarketDataStatus() {
  return useQuery(marketDataStatusQueryOptions);
}

/** POST /market-data/imports (admin): a Keepa Product Viewer/Finder CSV export, optional market. */
export function useImportKeepaExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, market }: { file: File; market: string | null }) => {
      const form = new FormData();
      if (market) form.append('market', market);
      form.append('file', file);
      return callEndpoint(marketDataApi.importKeepaExport, { body: form, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
    },
    onSuccess: () => invalidateCalls(client, marketDataApi.adminStatus, marketDataApi.feeRules, marketDataApi.source),
  });
}

/** GET /market-data/fee-rules?date= (admin): the fee rules the profit engine uses on that day (no date: today). */
export function useFeeRules(date: string | null) {
  return useQuery(endpointQuery(marketDataApi.feeRules, { query: { date } }));
}
