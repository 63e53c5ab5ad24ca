import { useQuery } from '@tanstack/react-query';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Which market-data providers are active; screens pass `isDemo` to <DemoDataBadge>. */
export function useMarketDataSource() {
  return useQuery({ ...endpointQuery(marketDataApi.source), staleTime: 5 * 60_000 });
}
