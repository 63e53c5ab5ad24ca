import { canonicalEanList } from '@dealradar/shared/ean';
import { dailyFromChanges, type DailyPrices } from '@dealradar/shared/stability';
import { AMAZON_SELLER_IDS, type MarketId } from '@dealradar/shared/markets';
import type { SalesFacts } from '@dealradar/shared/sales-estimate';
import type { AmazonListing } from '../../market-data.types.ts';

/** Keepa wire facts (external-apis.md §1): domain ids, csv/stats indices, Keepa time, image host. */
export const KEEPA_DOMAINS: Record<MarketId, number> = { US: 1, UK: 2, DE: 3, FR: 4, CA: 6, IT: 8, ES: 9 };
export const CSV = {
  AMAZON: 0,
  NEW: 1,
  SALES: 3,
  NEW_FBM_SHIPPING: 7,
  NEW_FBA: 10,
  COUNT_NEW: 11,
  RATING: 16,
  COUNT_REVIEWS: 17,
  BUY_BOX_SHIPPING: 18,
  COUNT_NEW_FBA: 34,
} as const;
const KEEPA_EPOCH_MINUTES = 21_564_000;

export function keepaTimeToDate(keepaMinutes: number): Date {
  return new Date((keepaMinutes + KEEPA_EPOCH_MINUTES) * 60_000);
}

export interface KeepaProduct {
  asin?: string;
  productType?: number;
  title?: string | null;
  brand?: string | null;
  eanList?: string[] | null;
  upcList?: string[] | null;
  gtinList?: string[] | null;
  images?: Array<{ l?: string; m?: string }> | null;
  imagesCSV?: string | null;
  categoryTree?: Array<{ catId: number; name: string }> | null;
  rootCategory?: number | null;
  salesRankReference?: number | null;
  salesRanks?: Record<string, number[]> | null;
  packageQuantity?: number | null;
  numberOfItems?: number | null;
  fbaFees?: { pickAndPackFee?: number | null } | null;
  /** With buybox=1: [keepaTime, sellerId, keepaTime, sellerId, …]; the last pair is the current holder. */
  buyBoxSellerIdHistory?: Array<string | number> | null;
  referralFeePercent?: number | null;
  referralFeePercentage?: number | null;
  monthlySold?: number | null;
  lastUpdate?: number | null;
  /** Price histories by csv index; BUY_BOX_SHIPPING (18) is [keepaTime, price, shipping, keepaTime, …]. */
  csv?: Array<number[] | null> | null;
  stats?: {
    current?: Array<number | null> | null;
    /** Averages over the last 30 / 90 days, by csv index (the buy box's). */
    avg30?: Array<number | null> | null;
    avg90?: Array<number | null> | null;
    totalOfferCount?: number | null;
    buyBoxPrice?: number | null;
    buyBoxShipping?: number | null;
    buyBoxSellerId?: string | null;
    /** Times the sales rank fell over the last 30 / 90 days (-1: unknown). */
    salesRankDrops30?: number | null;
    salesRankDrops90?: number | null;
    /** New FBA offers (only with `offers`; otherwise current[COUNT_NEW_FBA]). */
    offerCountFBA?: number | null;
    /** With buybox=1 (or offers): per seller id, its share of the buy box over the stats period (percentageWon 0–100). */
    buyBoxStats?: Record<string, { percentageWon?: number | null } | null> | null;
  } | null;
}

/** Keepa: positive integers are values; -1 (no offer), -2 (unknown), 0 where 0 means unknown → null. */
function price(value: number | null | undefined): number | null {
  return typeof value === 'number' && value > 0 ? value : null;
}
function count(value: number | null | undefined): number | null {
  return typeof value === 'number' && value >= 0 ? value : null;
}

function lastRank(series: number[] | undefined): number | null {
  if (!series || series.length < 2) return null;
  const value = series[series.length - 1]!;
  return value > 0 ? value : null;
}

/** Keepa's non-ids: -1 = no seller / out of stock, -2 = unknown (external-apis.md §9.1). */
function sellerId(value: string | number | null | undefined): string | null {
  const id = value === null || value === undefined ? '' : String(value).trim();
  return id === '' || id === '-1' || id === '-2' ? null : id;
}

/** The current buy-box holder: the last pair of buyBoxSellerIdHistory, else stats.buyBoxSellerId; never -1/-2. */
export function currentBuyBoxSeller(p: KeepaProduct): string | null {
  const history = p.buyBoxSellerIdHistory;
  if (Array.isArray(history) && history.length >= 2) return sellerId(history[history.length - 1 - (history.length % 2)]);
  return sellerId(p.stats?.buyBoxSellerId);
}

/**
 * Keepa's referral rate in percent → a fraction. It is Keepa's rate at Keepa's own current price: the profit engine
 * only uses it to recognise the category's schedule. A rate outside (0, 0.5] (basis points, garbage) is refused.
 */
export function referralRate(p: KeepaProduct): number | null {
  const percent = p.referralFeePercentage ?? p.referralFeePercent ?? null;
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return null;
  const rate = percent / 100;
  return rate > 0 && rate <= 0.5 ? rate : null;
}

function imageUrl(p: KeepaProduct): string | null {
  const name = p.images?.find((i) => i.l)?.l ?? p.imagesCSV?.split(',')[0]?.trim();
  return name ? `https://m.media-amazon.com/images/I/${name}` : null;
}

/** Every canonical code the product carries (EAN, UPC, GTIN lists). */
export function productCodes(p: KeepaProduct): string[] {
  return canonicalEanList([...(p.eanList ?? []), ...(p.upcList ?? []), ...(p.gtinList ?? [])].join(','));
}

/** The buy box's daily prices of the last 90 days from its csv history (stability); null without history. */
export function buyBoxDaily(p: KeepaProduct, now: Date): DailyPrices | null {
  const series = p.csv?.[CSV.BUY_BOX_SHIPPING];
  if (!Array.isArray(series) || series.length < 3) return null;
  const changes: Array<{ at: number; price: number | null }> = [];
  for (let i = 0; i + 2 < series.length; i += 3) {
    const value = series[i + 1]!;
    changes.push({ at: keepaTimeToDate(series[i]!).getTime(), price: value > 0 ? value + Math.max(0, series[i + 2]!) : null });
  }
  return dailyFromChanges(changes, now);
}

const DAY_MS = 86_400_000;

/**
 * Amazon's share (0–1) of the buy box: from stats.buyBoxStats (Amazon's percentageWon; 0 when the stats name other
 * holders only), else from the buy-box seller history over the last 90 days (time-weighted, the time without a holder
 * left out); null when neither is there (no buy-box data asked for).
 */
export function amazonBuyBoxShare(p: KeepaProduct, market: MarketId, now: Date): number | null {
  const amazon = AMAZON_SELLER_IDS[market];
  const stats = p.stats?.buyBoxStats;
  if (stats && typeof stats === 'object' && Object.keys(stats).length > 0) {
    const won = stats[amazon]?.percentageWon;
    return typeof won === 'number' && won > 0 ? Math.min(1, won / 100) : 0;
  }
  const history = p.buyBoxSellerIdHistory;
  if (!Array.isArray(history) || history.length < 2) return null;
  const end = now.getTime();
  const start = end - 90 * DAY_MS;
  let held = 0;
  let amazonHeld = 0;
  for (let i = 0; i + 1 < history.length; i += 2) {
    const from = Math.max(start, keepaTimeToDate(Number(history[i])).getTime());
    const to = i + 2 < history.length ? Math.min(end, keepaTimeToDate(Number(history[i + 2])).getTime()) : end;
    const holder = sellerId(history[i + 1]);
    if (to <= from || holder === null) continue;
    held += to - from;
    if (holder === amazon) amazonHeld += to - from;
  }
  if (held > 0) return amazonHeld / held;
  // Only one change, before the 90 days: its holder held it all along.
  const last = sellerId(history[history.length - 1 - (history.length % 2)]);
  return last === null ? null : last === amazon ? 1 : 0;
}

/** The sales estimate's inputs as Keepa's answer carries them (no extra tokens: stats and buy box are asked anyway). */
export function salesFacts(p: KeepaProduct, market: MarketId, salesRank: number | null, rootCategory: number | null, now: Date): SalesFacts {
  const current = p.stats?.current ?? [];
  const drops = (value: number | null | undefined) => (typeof value === 'number' && value >= 0 ? value : null);
  const amazonPrice = current[CSV.AMAZON];
  return {
    monthlySold: price(p.monthlySold),
    rankDrops30: drops(p.stats?.salesRankDrops30),
    rankDrops90: drops(p.stats?.salesRankDrops90),
    salesRank,
    rootCategory,
    newFbaOffers: count(current[CSV.COUNT_NEW_FBA]) ?? count(p.stats?.offerCountFBA),
    newOffers: count(current[CSV.COUNT_NEW]) ?? count(p.stats?.totalOfferCount),
    amazonOffers: typeof amazonPrice === 'number' ? amazonPrice > 0 : null,
    amazonBuyBoxShare: amazonBuyBoxShare(p, market, now),
  };
}

/** Keepa product → our listing; undefined for products we cannot sell against (no ASIN, MAP-hidden, invalid, parent). */
export function toListing(p: KeepaProduct, ean: string, market: MarketId, fetchedAt: Date): AmazonListing | undefined {
  if (!p.asin || (p.productType !== undefined && [3, 4, 5].includes(p.productType))) return undefined;
  const current = p.stats?.current ?? [];
  const at = (i: number) => (current[i] ?? null) as number | null;
  let buyBox = price(at(CSV.BUY_BOX_SHIPPING));
  if (buyBox === null && price(p.stats?.buyBoxPrice) !== null) buyBox = p.stats!.buyBoxPrice! + Math.max(0, p.stats?.buyBoxShipping ?? 0);

  // The main (root-category) rank: salesRankReference names it; when that is -1 (none), the root category
  // (rootCategory, else the top of the category tree) — never the secondary slot.
  const tree = p.categoryTree ?? [];
  const reference = p.salesRankReference ?? null;
  const root = p.rootCategory !== undefined && p.rootCategory !== null && p.rootCategory > 0 ? p.rootCategory : (tree[0]?.catId ?? null);
  const main = reference !== null && reference > 0 ? reference : root;
  let mainRank = price(at(CSV.SALES));
  if (mainRank === null && main !== null) mainRank = lastRank(p.salesRanks?.[String(main)]);
  // Secondary (sub-category) rank: the deepest category of the tree that has a rank other than the main one.
  let subRank: number | null = null;
  for (let i = tree.length - 1; i >= 0 && subRank === null; i -= 1) {
    const id = tree[i]!.catId;
    if (id !== main) subRank = lastRank(p.salesRanks?.[String(id)]);
  }
  if (subRank === null && p.salesRanks && main !== null) {
    for (const [id, series] of Object.entries(p.salesRanks)) if (Number(id) !== main && subRank === null) subRank = lastRank(series);
  }

  const rating = price(at(CSV.RATING));
  const units = [p.packageQuantity, p.numberOfItems].find((v) => typeof v === 'number' && v > 1) ?? 1;
  return {
    ean,
    asin: p.asin,
    market,
    title: p.title ?? null,
    brand: p.brand ?? null,
    imageUrl: imageUrl(p),
    buyBoxPrice: buyBox,
    lowestFbaPrice: price(at(CSV.NEW_FBA)),
    lowestFbmPrice: price(at(CSV.NEW_FBM_SHIPPING)),
    offerCount: count(at(CSV.COUNT_NEW)) ?? count(p.stats?.totalOfferCount),
    mainCategoryRank: mainRank,
    beautyCategoryRank: subRank,
    estimatedMonthlySales: price(p.monthlySold),
    rating: rating === null ? null : rating / 10,
    reviewCount: count(at(CSV.COUNT_REVIEWS)),
    buyBoxSellerId: currentBuyBoxSeller(p),
    referralFeeRate: referralRate(p),
    fbaFee: price(p.fbaFees?.pickAndPackFee),
    packageQuantity: units as number,
    buyBoxAvg30: price(p.stats?.avg30?.[CSV.BUY_BOX_SHIPPING] ?? null),
    buyBoxAvg90: price(p.stats?.avg90?.[CSV.BUY_BOX_SHIPPING] ?? null),
    buyBoxDaily90: buyBoxDaily(p, fetchedAt),
    sales: salesFacts(p, market, mainRank, root, fetchedAt),
    fetchedAt,
    source: 'keepa',
  };
}
