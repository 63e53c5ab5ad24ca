import { Readable } from 'node:stream';
import type { DealProduct, DownloadFormat, SupplierResultsDownloadQuery, SupplierResultsQuery } from '@dealradar/shared/contracts/scans';
import { amazonProductUrl } from '@dealradar/shared/markets';
import { maxBuyPriceAtRoi } from '@dealradar/shared/max-buy-price';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { listingFactsOf } from '../../lib/listing-facts.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { effectiveMinRoi } from '../plans/entitlements.ts';
import { withListingRestrictions } from '../seller-account/seller-account.service.ts';
import { resultFileStream, type ResultFileRow } from './result-files.ts';
import * as results from './scan-results.repository.ts';

/** A stored minimum ROI equal to the one asked for (numeric(9,4) read back as a number). */
const sameRoi = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/**
 * A stored deal as the lists show it. With `minRoi` (the user's current minimum ROI) the deal's minimum ROI
 * and its maximum buy price are those of that threshold: recomputed from the stored unit price and ROI
 * (maxBuyPriceAtRoi, the profit engine's formula) when the scan ran with another one.
 */
export function toDealProduct(row: results.ResultRow, minRoi?: number): DealProduct {
  const threshold = minRoi ?? row.min_roi;
  const maxBuyPrice = sameRoi(threshold, row.min_roi)
    ? row.max_buy_price
    : maxBuyPriceAtRoi(row.supplier_price, row.breakdown?.roi ?? (row.roi_percentage === null ? null : row.roi_percentage / 100), threshold);
  return {
    id: row.id,
    ean: row.ean,
    asin: row.asin,
    market: row.market,
    productName: row.product_name,
    brand: row.brand,
    supplierName: row.supplier_name,
    supplierPrice: row.supplier_price,
    casePrice: row.case_price ?? row.supplier_price,
    unitsPerPrice: row.units_per_price ?? 1,
    amazonPrice: row.amazon_price,
    estimatedProfit: row.estimated_profit,
    roiPercentage: row.roi_percentage,
    ...listingFactsOf(row, null),
    createdAt: row.created_at.toISOString(),
    marketplaceUrl: amazonProductUrl(row.market, row.asin) ?? '',
    maxBuyPrice,
    minRoi: threshold,
    expiresAt: row.expires_at.toISOString(),
    breakdown: row.breakdown,
    alternatives: row.alternatives ?? [],
    matchSource: row.match_source ?? null,
    warnings: row.warnings ?? [],
    buyBoxAvg30: row.buy_box_avg30,
    buyBoxAvg90: row.buy_box_avg90,
    profitableShare90: row.profitable_share90,
    marketComparison: row.market_comparison ?? null,
    salesEstimate: row.sales_estimate ?? null,
    estimatedMonthlyProfit: row.estimated_monthly_profit ?? null,
  };
}

/** The user's minimum ROI now (Settings; the plan's fixed one below Growth): the deals list shows what reaches it. */
function currentMinRoi(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<number> {
  return effectiveMinRoi(deps.db, user.id);
}

/**
 * The user's live deals (not expired) at or above their current minimum ROI, filtered, sorted (nulls last) and paged;
 * each with the maximum buy price for that minimum (raising the minimum hides the deals below it at once).
 */
export async function listDeals(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, query: SupplierResultsQuery): Promise<Paged<DealProduct>> {
  const minRoi = await currentMinRoi(deps, user);
  const { rows, total } = await results.queryDeals(
    deps.db,
    {
      userId: user.id,
      now: deps.clock.now(),
      brands: query.brands,
      markets: query.markets,
      hideAmazonBuyBox: query.hideAmazonBuyBox,
      organizationId: user.organizationId,
      hideWarnings: query.hideWarnings,
      minProfitableShare: query.minProfitableShare === undefined ? null : query.minProfitableShare / 100,
      minRoiPercent: minRoi * 100,
      listingRestriction: query.listingRestriction ?? null,
      minMonthlyProfit: query.minMonthlyProfit ?? null,
      minUnitsPerMonth: query.minUnitsPerMonth ?? null,
    },
    { column: results.DEAL_SORT_COLUMNS[query.sortBy], direction: query.sortOrder },
    { limit: query.size, offset: query.page * query.size },
  );
  return toPaged(
    await withListingRestrictions(
      deps,
      user.organizationId,
      rows.map((row) => toDealProduct(row, minRoi)),
    ),
    total,
    query.size,
  );
}

export async function clearDeals(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<number> {
  return results.deleteUserDeals(deps.db, user.id);
}

export async function dealFilters(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser): Promise<{ brands: string[]; markets: string[] }> {
  return results.dealFacets(deps.db, user.id, deps.clock.now(), (await currentMinRoi(deps, user)) * 100);
}

/** Results of one scan in file order, page by page. */
async function* scanResultPages(deps: AppDeps, scanId: string): AsyncIterable<ResultFileRow[]> {
  let afterLine = -1;
  let afterEan = '';
  for (;;) {
    const rows = await results.scanResultsPage(deps.db, scanId, afterLine, afterEan, 1000);
    if (!rows.length) return;
    yield rows.map((row) => ({ product: toDealProduct(row), isDeal: row.is_deal }));
    const last = rows[rows.length - 1]!;
    afterLine = last.line ?? 0;
    afterEan = last.ean;
  }
}

/** The result file of a CSV Template scan (csv, excel-csv or xlsx), streamed page by page. */
export function scanResultsFile(deps: AppDeps, scanId: string, format: DownloadFormat): Readable {
  return resultFileStream(format, scanResultPages(deps, scanId), 'Results');
}

/** The user's live deals with the list's filters and order, every page, as a file. */
export function dealsFile(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, query: SupplierResultsDownloadQuery): Readable {
  async function* pages(): AsyncIterable<ResultFileRow[]> {
    const now = deps.clock.now();
    const minRoi = await currentMinRoi(deps, user);
    for (let offset = 0; ; offset += 1000) {
      const rows = await results.queryDealRows(
        deps.db,
        {
          userId: user.id,
          now,
          brands: query.brands,
          markets: query.markets,
          hideAmazonBuyBox: query.hideAmazonBuyBox,
          organizationId: user.organizationId,
          hideWarnings: query.hideWarnings,
          minProfitableShare: query.minProfitableShare === undefined ? null : query.minProfitableShare / 100,
          minRoiPercent: minRoi * 100,
          listingRestriction: query.listingRestriction ?? null,
          minMonthlyProfit: query.minMonthlyProfit ?? null,
          minUnitsPerMonth: query.minUnitsPerMonth ?? null,
        },
        { column: results.DEAL_SORT_COLUMNS[query.sortBy], direction: query.sortOrder },
        { limit: 1000, offset },
      );
      if (!rows.length) return;
      const products = await withListingRestrictions(
        deps,
        user.organizationId,
        rows.map((row) => toDealProduct(row, minRoi)),
      );
      yield products.map((product) => ({ product, isDeal: true }));
      if (rows.length < 1000) return;
    }
  }
  return resultFileStream(query.format, pages(), 'Deals');
}
