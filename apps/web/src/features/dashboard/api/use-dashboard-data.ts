import { useQueries } from '@tanstack/react-query';
import type { DashboardAnalytics, DashboardOverview, PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import { endpointQuery, extendKey } from '../../../lib/endpoint-query.ts';

export interface DashboardData {
  overview?: DashboardOverview;
  hotDeals?: PriceDropItem[];
  recentDrops?: PriceDropItem[];
  analytics?: DashboardAnalytics;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The four dashboard calls of SPEC §7, requested in parallel; `refreshKey` (the refresh counter) reloads them.
 * Disabled for FREE/STARTER, who see the built-in example data without any call.
 */
export function useDashboardData(enabled: boolean, refreshKey: number): DashboardData {
  const options = { enabled, gcTime: 60_000, retry: false, staleTime: 0 } as const;
  // The call's own key, then the refresh counter: a new counter is a new query.
  const query = <Q extends { queryKey: readonly unknown[] }>(call: Q) => ({ ...options, ...extendKey(call, refreshKey) });
  const [overview, hotDeals, recentDrops, analytics] = useQueries({
    queries: [
      query(endpointQuery(priceDropsApi.overview)),
      query(endpointQuery(priceDropsApi.hotDeals)),
      query(endpointQuery(priceDropsApi.recentDrops)),
      query(endpointQuery(priceDropsApi.analytics)),
    ],
  });
  return {
    overview: overview.data,
    hotDeals: hotDeals.data,
    recentDrops: recentDrops.data,
    analytics: analytics.data,
    isLoading: enabled && [overview, hotDeals, recentDrops, analytics].some((q) => q.isPending),
    isError: [overview, hotDeals, recentDrops, analytics].some((q) => q.isError),
  };
}
