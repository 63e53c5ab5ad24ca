import { Readable } from 'node:stream';
import { CSV_RESULT_COLUMNS, type DealProduct, type SupplierResultsQuery } from '@dealradar/shared/contracts/scans';
import { amazonProductUrl } from '@dealradar/shared/markets';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { listingFactsOf } from '../../lib/listing-facts.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as repo from './scans.repository.ts';

export function toDealProduct(row: repo.ResultRow): DealProduct {
  return {
    id: row.id,
    ean: row.ean,
    asin: row.asin,
    market: row.market,
    productName: row.product_name,
    brand: row.brand,
    supplierName: row.supplier_name,
    supplierPrice: row.supplier_price,
    amazonPrice: row.amazon_price,
    estimatedProfit: row.estimated_profit,
    roiPercentage: row.roi_percentage,
    ...listingFactsOf(row, null),
    createdAt: row.created_at.toISOString(),
    marketplaceUrl: amazonProductUrl(row.market, row.asin) ?? '',
    maxBuyPrice: row.max_buy_price,
    minRoi: row.min_roi,
    expiresAt: row.expires_at.toISOString(),
    breakdown: row.breakdown,
  };
}

/** The user's live deals (not expired), filtered, sorted (nulls last) and paged. */
export async function listDeals(deps: AppDeps, user: CurrentUser, query: SupplierResultsQuery): Promise<Paged<DealProduct>> {
  const { rows, total } = await repo.queryDeals(
    deps.db,
    { userId: user.id, now: deps.clock.now(), brands: query.brands, markets: query.markets },
    { column: repo.DEAL_SORT_COLUMNS[query.sortBy], direction: query.sortOrder },
    { limit: query.size, offset: query.page * query.size },
  );
  return toPaged(rows.map(toDealProduct), total, query.size);
}

export async function clearDeals(deps: AppDeps, user: CurrentUser): Promise<number> {
  return repo.deleteUserDeals(deps.db, user.id);
}

export async function dealFilters(deps: AppDeps, user: CurrentUser): Promise<{ brands: string[]; markets: string[] }> {
  return repo.dealFacets(deps.db, user.id, deps.clock.now());
}

/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or tab / carriage return) gets a leading
 * apostrophe. Numbers we wrote ourselves ('-3.5') are left as numbers.
 */
export function neutralizeCell(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = neutralizeCell(value instanceof Date ? value.toISOString() : String(value));
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function resultLine(row: repo.ResultRow): string {
  const p = toDealProduct(row);
  const b = row.breakdown;
  const values: Record<(typeof CSV_RESULT_COLUMNS)[number], unknown> = {
    ean: p.ean, asin: p.asin, market: p.market, productName: p.productName, brand: p.brand, supplierName: p.supplierName,
    supplierPrice: p.supplierPrice, amazonPrice: p.amazonPrice, estimatedProfit: p.estimatedProfit, roiPercentage: p.roiPercentage,
    maxBuyPrice: p.maxBuyPrice, minRoiPercentage: Math.round(p.minRoi * 10000) / 100, isDeal: row.is_deal ? 'yes' : 'no',
    mainCategoryRank: p.mainCategoryRank, beautyCategoryRank: p.beautyCategoryRank, estimatedMonthlySales: p.estimatedMonthlySales,
    rating: p.rating, reviewCount: p.reviewCount, numberOfSellers: p.numberOfSellers, buyBoxSellerId: p.buyBoxSellerId,
    numberOfPacks: b.numberOfPacks, currency: b.currency, amazonPriceMarketCurrency: b.price, vat: b.vat, referralFee: b.referralFee,
    fbaFee: b.fbaFee, marketplaceUrl: p.marketplaceUrl, imageUrl: p.imageUrl, createdAt: p.createdAt,
  };
  return CSV_RESULT_COLUMNS.map((c) => csvCell(values[c])).join(',');
}

/** The result file of a CSV Template scan, streamed page by page (UTF-8 with BOM so spreadsheets read umlauts). */
export function resultsCsvStream(deps: AppDeps, scanId: string): Readable {
  async function* lines() {
    yield `\uFEFF${CSV_RESULT_COLUMNS.join(',')}\r\n`;
    let afterLine = -1;
    let afterEan = '';
    for (;;) {
      const rows = await repo.scanResultsPage(deps.db, scanId, afterLine, afterEan, 1000);
      if (!rows.length) return;
      yield rows.map((r) => `${resultLine(r)}\r\n`).join('');
      const last = rows[rows.length - 1]!;
      afterLine = last.line ?? 0;
      afterEan = last.ean;
    }
  }
  return Readable.from(lines());
}
