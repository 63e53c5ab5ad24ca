import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Grid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlame, IconRefresh } from '@tabler/icons-react';
import { exampleAnalytics, exampleHotDeals, exampleOverview, exampleRecentDrops } from '@dealradar/shared/drops-example';
import { isExampleDataTier } from '@dealradar/shared/tiers';
import { PageHeader } from '../../components/page-header.tsx';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { useSession } from '../../lib/session.ts';
import { LONG_TOAST_MS } from '../../lib/notify.ts';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { useDashboardData, type DashboardData } from '../../features/dashboard/api/use-dashboard-data.ts';
import { SummaryCards } from '../../features/dashboard/components/summary-cards.tsx';
import { HotDealsPanel } from '../../features/dashboard/components/hot-deals-panel.tsx';
import { RecentDropsPanel } from '../../features/dashboard/components/recent-drops-panel.tsx';
import { CategoryBars } from '../../features/dashboard/components/category-bars.tsx';
import { TopBrands } from '../../features/dashboard/components/top-brands.tsx';
import { DailyTrendChart } from '../../features/dashboard/components/daily-trend-chart.tsx';
import { DashboardSkeleton } from '../../features/dashboard/components/dashboard-skeleton.tsx';
import { ExampleDataBanner } from '../../features/price-alerts/components/example-data-banner.tsx';
import { useDisplayCurrency } from '../../features/price-alerts/api/use-display-currency.ts';

/** /dashboard: Price Drops Dashboard (SPEC §2, §4). FREE/STARTER see built-in example data and call nothing for it. */
export function DashboardPage() {
  const session = useSession();
  const isExample = isExampleDataTier(session?.subscriptionTier);
  const [refreshCounter, setRefreshCounter] = useState(0);
  const bump = useCallback(() => setRefreshCounter((n) => n + 1), []);
  const displayCurrency = useDisplayCurrency(bump);
  const currency = displayCurrency ?? 'EUR';
  const live = useDashboardData(!isExample, refreshCounter);
  const source = useMarketDataSource();
  // The page waits for the market-data source too: its 'Demo data' badge then appears with the cards, instead of
  // pushing the header's buttons onto a new line (and the cards down) a moment later.
  const loading = (!isExample && (live.isLoading || source.isPending)) || displayCurrency === null;

  // The refresh counter re-dates the example items on Refresh, as a reload would; prices in the region currency.
  const example = useMemo(() => {
    void refreshCounter;
    const now = new Date();
    return {
      overview: exampleOverview(),
      hotDeals: exampleHotDeals(now, currency),
      recentDrops: exampleRecentDrops(now, currency),
      analytics: exampleAnalytics(now),
    };
  }, [refreshCounter, currency]);
  const data = isExample ? example : live;
  // The panels (hot deals, recent drops, categories, the chart, top brands — below the summary cards, off the first
  // screen of a phone) render in a second, non-urgent pass: React renders a transition in slices of a few
  // milliseconds, so the main thread is not blocked for the whole dashboard at once when the data arrives (Lighthouse's
  // total blocking time on a phone, docs/platform.md). Meanwhile their grey blocks stand in.
  // The panels' input changes only with their data (TanStack Query keeps unchanged answers identical) or the currency;
  // a new input is rendered in the background pass while the memoized panels keep showing the previous one.
  const panelsInput = useMemo(
    () => (loading ? null : { hotDeals: data.hotDeals, recentDrops: data.recentDrops, analytics: data.analytics, currency }),
    [loading, data.hotDeals, data.recentDrops, data.analytics, currency],
  );
  const panels = useDeferredValue(panelsInput, null);

  useEffect(() => {
    if (!isExample && live.isError) {
      notifications.show({ id: 'dashboard-error', title: 'Error', message: 'Failed to load dashboard data', color: 'red', autoClose: LONG_TOAST_MS });
    }
  }, [isExample, live.isError]);

  return (
    <Stack gap="lg" data-testid="dashboard" data-refresh-counter={refreshCounter}>
      <PageHeader
        title="Price Drops Dashboard"
        help={{ doc: 'dashboard', label: 'Help: the Price Drops Dashboard' }}
        icon={<IconFlame size={26} />}
        subtitle={isExample ? 'Example price drop monitoring and analytics' : 'Real-time price drop monitoring and analytics'}
        actions={
          <>
            {!isExample && <DemoDataBadge isDemo={source.data?.isDemo} />}
            {/* 'LIVE MONITORING' (SPEC §2) is true only of live data; FREE/STARTER's example data says what it is. */}
            {isExample ? (
              <Badge color="gray" variant="dot" size="lg" data-testid="dashboard-data-badge">
                EXAMPLE DATA
              </Badge>
            ) : (
              <Badge color="green" variant="dot" size="lg" data-testid="dashboard-data-badge">
                LIVE MONITORING
              </Badge>
            )}
            <Button leftSection={<IconRefresh size={16} />} variant="light" onClick={bump} loading={!isExample && live.isLoading}>
              Refresh
            </Button>
          </>
        }
      />
      {isExample && <ExampleDataBanner />}
      {loading ? (
        <>
          <Text c="dimmed">Loading dashboard data...</Text>
          <DashboardSkeleton />
        </>
      ) : (
        <>
          <SummaryCards totalDrops={data.overview?.totalDrops} avgDiscount={data.overview?.avgDiscount} topBrand={data.overview?.topBrand} />
          {/* Its own key: React would otherwise keep the loading skeleton's grid (same place, same component) and move it
              up under the summary cards — a layout shift Lighthouse counts. */}
          {panels ? <DashboardPanels {...panels} /> : <DashboardSkeleton key="panels" panelsOnly />}
        </>
      )}
    </Stack>
  );
}

const DashboardPanels = memo(function DashboardPanels({
  hotDeals,
  recentDrops,
  analytics,
  currency,
}: Pick<DashboardData, 'hotDeals' | 'recentDrops' | 'analytics'> & { currency: string }) {
  const data = { hotDeals, recentDrops, analytics };
  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <HotDealsPanel items={data.hotDeals ?? []} currency={currency} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RecentDropsPanel items={data.recentDrops ?? []} currency={currency} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CategoryBars dropsByCategory={data.analytics?.dropsByCategory} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DailyTrendChart points={data.analytics?.dailyTrend} />
        </Grid.Col>
      </Grid>
      <TopBrands brands={data.analytics?.topBrands} />
    </>
  );
});
