import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBellCog, IconBellRinging, IconRefresh } from '@tabler/icons-react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LONG_TOAST_MS } from '../../lib/notify.ts';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { PriceDropSortField } from '@dealradar/shared/contracts/price-drops';
import { examplePriceDrops, exampleStats } from '@dealradar/shared/drops-example';
import { isExampleDataTier } from '@dealradar/shared/tiers';
import { PageHeader } from '../../components/page-header.tsx';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { useSession } from '../../lib/session.ts';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { usePriceAlertStats, usePriceDropBrands, usePriceDrops, type PriceDropFilters } from '../../features/price-alerts/api/price-alerts-queries.ts';
import { useDisplayCurrency } from '../../features/price-alerts/api/use-display-currency.ts';
import { filterExampleDrops } from '../../features/price-alerts/example-filter.ts';
import { readView, writeView, type PriceAlertsView } from '../../features/price-alerts/url-state.ts';
import { ExampleDataBanner } from '../../features/price-alerts/components/example-data-banner.tsx';
import { PriceAlertsInfo } from '../../features/price-alerts/components/price-alerts-info.tsx';
import { PriceAlertStatsCards } from '../../features/price-alerts/components/price-alert-stats.tsx';
import { PriceDropFiltersBar } from '../../features/price-alerts/components/price-drop-filters.tsx';
import { PriceDropsTable } from '../../features/price-alerts/components/price-drops-table.tsx';
import { PriceDropCards } from '../../features/price-alerts/components/price-drop-cards.tsx';
import { SellerAccountDealsNote } from '../../components/listing-restriction.tsx';
import { AddDropToBuyList } from '../../features/buy-list/components/add-drop-to-buy-list.tsx';
import { formatCount } from '../../lib/format.ts';

/** The filters typed into fields: they reach the view (and the server) debounced. */
const TYPED = ['search', 'minRoi', 'minUnitsPerMonth', 'minMonthlyProfit'] as const;
const typedOf = (f: PriceDropFilters) => ({ search: f.search, minRoi: f.minRoi, minUnitsPerMonth: f.minUnitsPerMonth, minMonthlyProfit: f.minMonthlyProfit });

/** /qogita-price-alerts: the table of wholesale price drops with filters and statistics (SPEC §2). */
export function PriceAlertsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const isExample = isExampleDataTier(session?.subscriptionTier);
  const [refreshKey, setRefreshKey] = useState(0);
  const reload = useCallback(() => setRefreshKey((n) => n + 1), []);
  const displayCurrency = useDisplayCurrency(reload);
  const currency = displayCurrency ?? 'EUR';
  /** Below Mantine's sm breakpoint (SPEC §9's mobile breakpoint) the drops are cards, not a wide table. */
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  // Filters, sort and page are kept in the query string (url-state.ts), so a reload and back/forward show the same list.
  // The screen's state is the source; every change is written to the address with `replace` (typing does not fill the
  // history); an address change from outside (the sidebar's link: PUSH, back/forward: POP) sets the state. The search
  // and minimum-ROI fields are typed into local state and reach the view (and the server) debounced.
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [view, setView] = useState<PriceAlertsView>(() => readView(params));
  const [typed, setTyped] = useState(() => typedOf(view.filters));
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    setView((v) => (TYPED.every((k) => v.filters[k] === debounced[k]) ? v : { ...v, filters: { ...v.filters, ...debounced }, page: 1 }));
  }, [debounced]);
  useEffect(() => {
    const next = writeView(view);
    if (next.toString() !== new URLSearchParams(window.location.search).toString()) setParams(next, { replace: true });
  }, [view, setParams]);
  useEffect(() => {
    if (navigationType === 'REPLACE') return;
    const fromAddress = readView(new URLSearchParams(location.search));
    setView(fromAddress);
    setTyped(typedOf(fromAddress.filters));
  }, [location.key]);
  const filters: PriceDropFilters = { ...view.filters, ...typed };
  const page = view.page;
  const sort = { sortBy: view.sortBy, sortOrder: view.sortOrder };
  const setPage = (next: number) => setView((v) => ({ ...v, page: next }));

  const request = { ...view.filters, page: page - 1, ...sort };
  const drops = usePriceDrops(request, !isExample, refreshKey);
  const stats = usePriceAlertStats(!isExample, refreshKey);
  const brands = usePriceDropBrands(!isExample, refreshKey);
  const source = useMarketDataSource();

  useEffect(() => {
    if (drops.isError)
      notifications.show({ id: 'price-drops-error', title: 'Error', message: 'Failed to load price drops', color: 'red', autoClose: LONG_TOAST_MS });
  }, [drops.isError]);
  useEffect(() => {
    if (stats.isError)
      notifications.show({ id: 'price-stats-error', title: 'Error', message: 'Failed to load price alert statistics', color: 'red', autoClose: LONG_TOAST_MS });
  }, [stats.isError]);

  const example = useMemo(() => {
    void refreshKey;
    const now = new Date();
    return { rows: examplePriceDrops(now, currency), stats: exampleStats(now) };
  }, [refreshKey, currency]);
  const exampleRows = isExample ? filterExampleDrops(example.rows, request) : [];

  const rows = isExample ? exampleRows : (drops.data?.content ?? []);
  const totalPages = isExample ? 1 : (drops.data?.totalPages ?? 0);
  const totalElements = isExample ? exampleRows.length : (drops.data?.totalElements ?? 0);
  const brandOptions = isExample ? [...new Set(example.rows.map((r) => r.productBrand))].sort() : (brands.data ?? []);

  const changeFilters = (next: PriceDropFilters) => {
    setTyped(typedOf(next));
    // Selects and Clear filters apply at once; typed fields follow when their debounce settles.
    const cleared = TYPED.every((k) => next[k] === null || next[k] === '') && !next.dropCategory && !next.priority && !next.brand && !next.listingRestriction;
    setView((v) => ({ ...v, filters: cleared ? next : { ...next, ...typedOf(v.filters) }, page: 1 }));
  };
  const changeSort = (field: PriceDropSortField) =>
    setView((v) => ({ ...v, sortBy: field, sortOrder: v.sortBy === field && v.sortOrder === 'desc' ? 'asc' : 'desc', page: 1 }));

  return (
    <Stack gap="lg" data-testid="price-alerts">
      <PageHeader
        title="Qogita Price Alerts"
        help={{ doc: 'price-alerts', label: 'Help: price-alert schedule and rules' }}
        icon={<IconBellRinging size={26} />}
        subtitle="Wholesale price drops detected by the price monitor"
        actions={
          <>
            {!isExample && <DemoDataBadge isDemo={source.data?.isDemo} />}
            <Button leftSection={<IconBellCog size={16} />} variant="default" onClick={() => navigate(paths.priceAlertRules)}>
              Alert rules
            </Button>
            <Button leftSection={<IconRefresh size={16} />} variant="light" onClick={reload} loading={!isExample && drops.isFetching}>
              Refresh
            </Button>
          </>
        }
      />
      {isExample && <ExampleDataBanner />}
      <PriceAlertsInfo />
      <PriceAlertStatsCards stats={isExample ? example.stats : stats.data} onDue={isExample ? undefined : reload} />
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <PriceDropFiltersBar value={filters} brands={brandOptions} currency={currency} onChange={changeFilters} />
        <Text size="sm" c="dimmed" mt="md" data-testid="price-drops-total">
          {formatCount(totalElements)} price drops
        </Text>
        {/* How many listings Amazon is still being asked about, or the hint to connect the seller account. */}
        {!isExample && <SellerAccountDealsNote />}
        {(!isExample && drops.isPending) || displayCurrency === null ? (
          <Text c="dimmed" mt="md">
            Loading price drops...
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" mt="md">
            No price drops found
          </Text>
        ) : isPhone ? (
          <PriceDropCards
            items={rows}
            currency={currency}
            live={!isExample}
            sortBy={sort.sortBy}
            sortOrder={sort.sortOrder}
            onSortChange={(sortBy, sortOrder) => setView((v) => ({ ...v, sortBy, sortOrder, page: 1 }))}
            renderBuyList={isExample ? undefined : (drop) => <AddDropToBuyList drop={drop} />}
          />
        ) : (
          <PriceDropsTable
            items={rows}
            currency={currency}
            live={!isExample}
            sortBy={sort.sortBy}
            sortOrder={sort.sortOrder}
            onSort={changeSort}
            renderBuyList={isExample ? undefined : (drop) => <AddDropToBuyList drop={drop} compact />}
          />
        )}
        {totalPages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={totalPages} value={page} onChange={setPage} />
          </Group>
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {PAGE_SIZE} per page
        </Text>
      </Paper>
    </Stack>
  );
}
