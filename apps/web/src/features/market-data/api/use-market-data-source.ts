import { useQuery } from '@tanstack/react-query';
import { marketDataSourceSchema, type MarketDataSource } from '@dealradar/shared/contracts/market-data';
import { apiRequest } from '../../../lib/api-client.ts';

/** Which market-data providers are active; screens pass `isDemo` to <DemoDataBadge>. */
export function useMarketDataSource() {
  return useQuery<MarketDataSource>({
    queryKey: ['market-data', 'source'],
    queryFn: () => apiRequest('/market-data/source', { schema: marketDataSourceSchema }),
    staleTime: 5 * 60_000,
  });
}
