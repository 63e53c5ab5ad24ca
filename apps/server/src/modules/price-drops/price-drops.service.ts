import type { DashboardAnalytics, DashboardOverview, PriceAlertStats, PriceDropItem, PriceDropsQuery } from '@dealradar/shared/contracts/price-drops';
import { currentUpdateFrequency, nextRefreshAt } from '@dealradar/shared/drops-schedule';
import {
  DAILY_TREND_DAYS,
  DROP_CATEGORIES,
  DROP_CATEGORY_LABELS,
  DROP_ICONS,
  DROP_PRIORITIES,
  DROP_PRIORITY_LABELS,
  HOT_DEALS_LIMIT,
  RECENT_DROPS_HOURS,
  TOP_BRANDS_LIMIT,
  type DropCategory,
  type DropPriority,
} from '@dealradar/shared/drops';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import { regionCurrency } from '@dealradar/shared/regions';
import type { AppDeps } from '../../deps.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { requireLivePriceData } from '../plans/entitlements.ts';
import * as repo from './price-drops.repository.ts';
import { cachedAggregate, cachedJson } from './answer-cache.ts';
import { isRunning, lastRunId, lastSucceededRun } from './refresh-runs.repository.ts';
import { orgRoiOf, orgRoiVersion } from './org-roi.repository.ts';
import { withDropRestrictions } from './drop-listings.service.ts';
import { findAccount } from '../seller-account/seller-account.service.ts';
import type { ListingRestriction } from '@dealradar/shared/contracts/seller-account';

/** One active drop, the catalogue's current Qogita prices and the last finished refresh, for the buy list's drop lines. */
export { catalogueOfGtins, findActiveDrop, type CatalogueRow } from './price-drops.repository.ts';
export { lastSucceededRun } from './refresh-runs.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'marketData' | 'config'>;

/** Recent Drops answers at most this many (the screen shows the first 5). */
export const RECENT_DROPS_LIMIT = 100;

/** GROWTH, PRO and admins; FREE and STARTER get 403 (plans module's sentence). */
function requireLive(user: CurrentUser): void {
  if (user.role === 'ADMIN') return;
  requireLivePriceData(user.subscriptionTier);
}

interface Money {
  currency: 'EUR' | 'GBP';
  /** EUR cents → region currency major units, two decimals. */
  convert(cents: number): number;
  /** The EUR → region rate and its day; null in EUR (docs/money.md: the EUR prices go beside the region's). */
  fx: { rate: number; date: string } | null;
}

async function moneyFor(deps: Deps, user: CurrentUser): Promise<Money> {
  const { currency } = regionCurrency(user.primaryCountry);
  const fx = currency === 'EUR' ? null : await deps.marketData.fxRate('EUR', currency);
  const rate = fx?.rate ?? 1;
  return { currency, convert: (cents) => Math.round(cents * rate) / 100, fx: fx ? { rate: fx.rate, date: fx.date } : null };
}

function toItem(
  row: repo.DropRow & { listingRestriction?: ListingRestriction | null; listing?: { asin: string; market: string } | null },
  money: Money,
): PriceDropItem {
  return {
    id: row.id,
    productId: row.gtin,
    productName: row.productName,
    productBrand: row.brand,
    productCategory: row.category,
    productPrimaryIdentifier: row.gtin,
    stock: row.stock,
    oldPriceExclVat: money.convert(row.oldExcl),
    oldPriceInclVat: money.convert(row.oldIncl),
    newPriceExclVat: money.convert(row.newExcl),
    newPriceInclVat: money.convert(row.newIncl),
    priceDropPercentage: row.percentage,
    dropCategory: row.dropCategory as DropCategory,
    priority: row.priority as DropPriority,
    dropIcon: DROP_ICONS[row.dropCategory as DropCategory] ?? '📉',
    detectedAt: row.detectedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    qogitaLink: row.productUrl,
    productImageUrl: row.imageUrl,
    currency: money.currency,
    bestRoiPercentage: row.bestRoi,
    bestRoiMarket: row.bestRoiMarket,
    ...(money.fx
      ? { newPriceExclVatEur: Math.round(row.newExcl) / 100, oldPriceExclVatEur: Math.round(row.oldExcl) / 100, fxRate: money.fx.rate, fxDate: money.fx.date }
      : {}),
    ...(row.listingRestriction !== undefined ? { listingRestriction: row.listingRestriction } : {}),
    ...(row.listing !== undefined ? { listing: row.listing } : {}),
    salesEstimate: row.salesEstimate ?? null,
    estimatedMonthlyProfit: row.monthlyProfitEur == null ? null : money.convert(Number(row.monthlyProfitEur) * 100),
  };
}

/** The query as the repository reads it: the minimum monthly profit from the user's currency into EUR (as stored). */
function inEur(query: PriceDropsQuery, money: Money): PriceDropsQuery {
  if (query.minMonthlyProfit === undefined || !money.fx) return query;
  return { ...query, minMonthlyProfit: query.minMonthlyProfit / money.fx.rate };
}

/** What cached answers are keyed by besides the request: the last finished refresh and the current minute (expiries). */
async function dropsVersion(deps: Deps, now: Date): Promise<[number, number]> {
  return [await lastRunId(deps.db), Math.floor(now.getTime() / 60_000)];
}

/** An aggregate of the active drops, reused until the next refresh or the next minute (answer-cache.ts). */
async function cached<T>(deps: Deps, now: Date, key: unknown[], compute: () => Promise<T>): Promise<T> {
  return cachedAggregate(deps.db, [...key, ...(await dropsVersion(deps, now))], compute);
}

const recentSince = (now: Date) => new Date(now.getTime() - RECENT_DROPS_HOURS * 3600_000);

export async function getOverview(deps: Deps, user: CurrentUser): Promise<DashboardOverview> {
  requireLive(user);
  const now = deps.clock.now();
  const money = await moneyFor(deps, user);
  const row = await cached(deps, now, ['overview'], () => repo.overview(deps.db, now, recentSince(now)));
  return {
    totalDrops: row.totalDrops,
    totalSavings: money.convert(row.totalSavings ?? 0),
    avgDiscount: row.avgDiscount ?? 0,
    topBrand: row.topBrand,
    recentDrops: row.recentDrops,
    currency: money.currency,
  };
}

/**
 * The Best ROI the user's organization sees: its own figure where its match rules name a drop's EAN
 * (price_drop_org_roi), the shared one otherwise. Most organizations have no rows: one indexed count.
 */
export async function withOrgRoi<T extends Pick<repo.DropRow, 'id' | 'bestRoi' | 'bestRoiMarket' | 'salesEstimate' | 'monthlyProfitEur'>>(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0 || (await orgRoiVersion(deps.db, organizationId)) === null) return rows;
  const own = await orgRoiOf(
    deps.db,
    organizationId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const o = own.get(Number(r.id));
    return o ? { ...r, bestRoi: o.bestRoi, bestRoiMarket: o.bestRoiMarket, salesEstimate: o.salesEstimate, monthlyProfitEur: o.monthlyProfitEur } : r;
  });
}

export async function getHotDeals(deps: Deps, user: CurrentUser): Promise<PriceDropItem[]> {
  requireLive(user);
  const money = await moneyFor(deps, user);
  const rows = await withOrgRoi(deps, user.organizationId, await repo.hotDeals(deps.db, deps.clock.now(), HOT_DEALS_LIMIT));
  return (await withDropRestrictions(deps, user.organizationId, rows)).map((r) => toItem(r, money));
}

export async function getRecentDrops(deps: Deps, user: CurrentUser): Promise<PriceDropItem[]> {
  requireLive(user);
  const now = deps.clock.now();
  const money = await moneyFor(deps, user);
  const rows = await withOrgRoi(deps, user.organizationId, await repo.recentDrops(deps.db, now, recentSince(now), RECENT_DROPS_LIMIT));
  return (await withDropRestrictions(deps, user.organizationId, rows)).map((r) => toItem(r, money));
}

function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export async function getAnalytics(deps: Deps, user: CurrentUser): Promise<DashboardAnalytics> {
  requireLive(user);
  const now = deps.clock.now();
  const tz = deps.config.PRICE_SCHEDULE_TIMEZONE;
  const [byCategory, byPriority, brands, trend] = await cached(deps, now, ['analytics', tz], () =>
    Promise.all([
      repo.countBy(deps.db, now, 'drop_category'),
      repo.countBy(deps.db, now, 'priority'),
      repo.topBrands(deps.db, now, TOP_BRANDS_LIMIT),
      repo.dailyTrend(deps.db, tz, localDay(new Date(now.getTime() - (DAILY_TREND_DAYS - 1) * 86_400_000), tz), localDay(now, tz)),
    ]),
  );
  const tally = <K extends string>(keys: readonly K[], labels: Record<K, string>, rows: Array<{ key: string; n: number }>) =>
    Object.fromEntries(keys.map((k) => [labels[k], rows.find((r) => r.key === k)?.n ?? 0]));
  return {
    dropsByCategory: tally(DROP_CATEGORIES, DROP_CATEGORY_LABELS, byCategory),
    dropsByPriority: tally(DROP_PRIORITIES, DROP_PRIORITY_LABELS, byPriority),
    topBrands: brands,
    dailyTrend: trend.slice(-DAILY_TREND_DAYS),
  };
}

/**
 * The drops table's page as its JSON body (the route sends it as is), cached per refresh, minute, query and currency.
 * An organization with its own Best ROI of some drops (its match rules) gets its own pages, keyed by the
 * version of its figures as well; every other organization shares one set of pages. An organization with a connected
 * seller account (or a list filtered on Amazon's answers) is answered uncached: the answers arrive while checks run.
 */
export async function listPriceDropsJson(deps: Deps, user: CurrentUser, query: PriceDropsQuery): Promise<Buffer> {
  requireLive(user);
  const now = deps.clock.now();
  if (query.listingRestriction || (await findAccount(deps.db, user.organizationId))) {
    const money = await moneyFor(deps, user);
    const q = inEur(query, money);
    const [count, rows] = await Promise.all([repo.countDrops(deps.db, q, now, user.organizationId), repo.pageOfDrops(deps.db, q, now, user.organizationId)]);
    const items = (await withDropRestrictions(deps, user.organizationId, rows)).map((r) => toItem(r, money));
    return Buffer.from(JSON.stringify(toPaged(items, count.n, query.size)));
  }
  const [money, version, orgVersion] = await Promise.all([moneyFor(deps, user), dropsVersion(deps, now), orgRoiVersion(deps.db, user.organizationId)]);
  const org = orgVersion === null ? undefined : user.organizationId;
  const own = org ? [org, orgVersion] : [];
  const q = inEur(query, money);
  const { page: _page, size: _size, sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = q;
  return cachedJson(deps.db, ['page', query, money.currency, ...own, ...version], async (): Promise<Paged<PriceDropItem>> => {
    const [total, rows] = await Promise.all([
      // The count depends on the organization's figures only through the ROI and the estimate's filters.
      filters.minRoi === undefined && filters.minUnitsPerMonth === undefined && filters.minMonthlyProfit === undefined
        ? cachedAggregate(deps.db, ['count', filters, ...version], async () => (await repo.countDrops(deps.db, q, now)).n)
        : cachedAggregate(deps.db, ['count', filters, ...own, ...version], async () => (await repo.countDrops(deps.db, q, now, org)).n),
      repo.pageOfDrops(deps.db, q, now, org),
    ]);
    return toPaged(
      rows.map((r) => toItem(r, money)),
      total,
      query.size,
    );
  });
}

export async function listDropBrands(deps: Deps, user: CurrentUser): Promise<string[]> {
  requireLive(user);
  return repo.activeBrands(deps.db, deps.clock.now());
}

export async function getStats(deps: Deps, user: CurrentUser): Promise<PriceAlertStats> {
  requireLive(user);
  const now = deps.clock.now();
  const tz = deps.config.PRICE_SCHEDULE_TIMEZONE;
  const [counts, last, running] = await Promise.all([
    cached(deps, now, ['stats'], () => repo.statsCounts(deps.db, now)),
    lastSucceededRun(deps.db),
    isRunning(deps.db),
  ]);
  return {
    ...counts,
    currentUpdateFrequency: currentUpdateFrequency(now, tz),
    lastUpdateTime: last ? last.finishedAt.toISOString() : null,
    nextUpdateTime: nextRefreshAt(now, tz).toISOString(),
    refreshing: running,
    timeZone: tz,
  };
}
