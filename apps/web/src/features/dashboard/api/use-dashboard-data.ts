import { useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dashboardAnalyticsSchema,
  dashboardOverviewSchema,
  priceDropItemSchema,
  type DashboardAnalytics,
  type DashboardOverview,
  type PriceDropItem,
} from '@dealradar/shared/contracts/price-drops';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DashboardData {
  overview?: DashboardOverview;
  hotDeals?: PriceDropItem[];
  recentDrops?: PriceDropItem[];
  analytics?: DashboardAnalytics;
  isLoading: boolean;
  isError: boolean;
}

const dropsSchema = z.array(priceDropItemSchema);

/**
 * The four dashboard calls of SPEC §7, requested in parallel; `refreshKey` (the refresh counter) reloads them.
 * Disabled for FREE/STARTER, who see the built-in example data without any call.
 */
export function useDashboardData(enabled: boolean, refreshKey: number): DashboardData {
  const base = ['price-alerts', 'dashboard'] as const;
  const options = { enabled, gcTime: 60_000, retry: false, staleTime: 0 } as const;
  const [overview, hotDeals, recentDrops, analytics] = useQueries({
    queries: [
      {
        ...options,
        queryKey: [...base, 'overview', refreshKey],
        queryFn: () => apiRequest('/price-alerts/dashboard/overview', { schema: dashboardOverviewSchema }),
      },
      { ...options, queryKey: [...base, 'hot-deals', refreshKey], queryFn: () => apiRequest('/price-alerts/dashboard/hot-deals', { schema: dropsSchema }) },
      {
        ...options,
        queryKey: [...base, 'recent-drops', refreshKey],
        queryFn: () => apiRequest('/price-alerts/dashboard/recent-drops', { schema: dropsSchema }),
      },
      {
        ...options,
        queryKey: [...base, 'analytics', refreshKey],
        queryFn: () => apiRequest('/price-alerts/dashboard/analytics', { schema: dashboardAnalyticsSchema }),
      },
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
