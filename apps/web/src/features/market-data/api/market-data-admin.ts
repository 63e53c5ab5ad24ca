import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feeRulesTableSchema, importResultSchema, marketDataStatusSchema } from '@dealradar/shared/contracts/market-data';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /market-data/admin/status (admin): providers, FX, cache and recent imports. */
export const marketDataStatusQueryOptions = queryOptions({
  queryKey: ['market-data', 'admin-status'],
  queryFn: () => apiRequest('/market-data/admin/status', { schema: marketDataStatusSchema }),
});

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
      return apiRequest('/market-data/imports', { method: 'POST', body: form, schema: importResultSchema, timeoutMs: 180_000 });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['market-data'] }),
  });
}

/** GET /market-data/fee-rules?date= (admin): the fee rules the profit engine uses on that day. */
export function useFeeRules(date: string | null) {
  return useQuery({
    queryKey: ['market-data', 'fee-rules', date ?? 'today'],
    queryFn: () => apiRequest(date ? `/market-data/fee-rules?date=${encodeURIComponent(date)}` : '/market-data/fee-rules', { schema: feeRulesTableSchema }),
  });
}
