import { abortableSleep } from '../../../../lib/abortable-sleep.ts';
import type { MarketId } from '@dealradar/shared/markets';
import { AMAZON_SELLER_IDS, getMarket } from '@dealradar/shared/markets';
import type { Clock } from '../../../../lib/clock.ts';
import type { AmazonListing } from '../../market-data.types.ts';
import type { RetailBatchResult, RetailCallOptions, RetailProvider } from '../provider.types.ts';
import { demoCatalogue, demoVariantByGtin, type DemoVariant } from './demo-catalogue.ts';
import { between, hash, unit } from './demo-random.ts';
import { averageOf, STABILITY_DAYS, type DailyPrices } from '@dealradar/shared/stability';
import { RANK_CURVES, type SalesFacts } from '@dealradar/shared/sales-estimate';

/**
 * Demo Amazon listings: a pure function of (EAN, market, pack). About 8 % of the catalogue has no listing anywhere,
 * each market lists a share of the rest, some EANs are sold only as a multipack and some have a second (multipack)
 * listing next to the single one. Prices derive from the wholesale list price with a retail mark-up.
 */

/** Fixed demo conversion (EUR → market currency); real rates come from the FX service. */
const DEMO_FX: Record<string, number> = { EUR: 1, GBP: 0.86, USD: 1.08, CAD: 1.5 };
const LISTED_SHARE: Record<MarketId, number> = { DE: 0.93, UK: 0.85, FR: 0.84, IT: 0.8, ES: 0.8, US: 0.55, CA: 0.45 };
const SALES_SCALE: Record<MarketId, number> = { DE: 1, UK: 1, FR: 0.6, IT: 0.5, ES: 0.45, US: 2.5, CA: 0.35 };
const FBA_BASE: Record<DemoVariant['size'], number> = { small: 260, medium: 340, large: 480 };
const FBA_SCALE: Record<MarketId, number> = { DE: 1, UK: 0.9, FR: 1.15, IT: 1.15, ES: 1.05, US: 1.2, CA: 1.6 };
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function code(length: number, ...parts: Array<string | number>): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUM[hash(...parts, i) % ALPHANUM.length];
  return out;
}

export function demoAsin(gtin: string, pack: number): string {
  return `B0${code(8, gtin, pack, 'asin')}`;
}

/** Buyer-price endings shoppers see: .99, .95, .49. */
function retailPrice(minor: number, ...parts: Array<string | number>): number {
  const whole = Math.max(1, Math.floor(minor / 100));
  const ending = [99, 95, 49][hash(...parts, 'ending') % 3]!;
  return whole * 100 + ending;
}

/** The pack sizes an EAN is listed with in the demo: [1], [n] (multipack only) or [1, n]. */
export function demoPacks(gtin: string): number[] {
  const u = unit(gtin, 'packs');
  const multi = [2, 3, 4, 6][hash(gtin, 'pack-size') % 4]!;
  if (u < 0.07) return [multi];
  if (u < 0.13) return [1, multi];
  return [1];
}

export function demoHasNoListing(gtin: string): boolean {
  return unit(gtin, 'nowhere') < 0.08;
}

/**
 * 90 daily buy-box prices ending with today's: a level that drifts ±15 % around today's price in steps of a few days,
 * 6 % of days without buy box; 8 % of listings are in a price spike today (the last 1–4 days at today's price, before
 * that 1.35–2 × lower: the "far above its 90-day average" warning), 12 % were much cheaper for weeks (a price war), so
 * their stability is low.
 */
function demoBuyBoxDays(today: number, key: string): DailyPrices {
  const spike = unit(key, 'spike') < 0.08;
  const war = !spike && unit(key, 'war') < 0.12;
  const spikeDays = 1 + Math.floor(unit(key, 'spike-days') * 4);
  const base = spike ? today / (1.35 + unit(key, 'spike-size') * 0.65) : today;
  const warStart = Math.floor(unit(key, 'war-start') * 50);
  const warLength = 15 + Math.floor(unit(key, 'war-length') * 30);
  const days: DailyPrices = [];
  for (let d = 0; d < STABILITY_DAYS; d += 1) {
    const daysAgo = STABILITY_DAYS - 1 - d;
    if (daysAgo === 0 || (spike && daysAgo < spikeDays)) {
      days.push(today);
      continue;
    }
    if (unit(key, 'nobb-day', d) < 0.06) {
      days.push(0);
      continue;
    }
    const step = Math.floor(d / (3 + Math.floor(unit(key, 'step') * 5)));
    let level = base * (0.85 + unit(key, 'level', step) * 0.3);
    if (war && d >= warStart && d < warStart + warLength) level *= 0.6 + unit(key, 'war-depth') * 0.15;
    days.push(Math.round(level));
  }
  return days;
}

/** Amazon's "bought in past month" steps: 50+, 100+, 200+ … 900+, 1K+, 2K+ … */
function badgeFloor(units: number): number {
  if (units < 50) return 0;
  if (units < 100) return 50;
  if (units < 1000) return Math.floor(units / 100) * 100;
  return Math.floor(units / 1000) * 1000;
}

/**
 * The sales estimate's inputs as Keepa would send them, deterministic per listing: about a third carry Amazon's
 * "bought last month" badge (when sales reach 50), 45 % only rank drops (a tenth of those 90-day drops only), the rest
 * only a rank. Some FBA offers among the offers; Amazon sells on a fifth of the listings and holds the buy box 55–100 %
 * of the time where it is the holder, up to 30 % otherwise.
 */
function demoSalesFacts(key: string, market: MarketId, rank: number, monthly: number, offers: number, amazonHolds: boolean, noBuyBox: boolean): SalesFacts {
  const kind = unit(key, 'sales-basis');
  const badge = badgeFloor(monthly);
  const withBadge = kind < 0.35 && badge > 0;
  const withDrops = !withBadge && kind < 0.8;
  const drops30 = Math.max(1, Math.round(monthly * (0.6 + unit(key, 'drops30') * 0.5)));
  const only90 = withDrops && unit(key, 'drops90-only') < 0.1;
  const amazonOffers = amazonHolds || unit(key, 'amazon-offer') < 0.1;
  const share = noBuyBox ? null : amazonHolds ? 0.55 + unit(key, 'amazon-share') * 0.45 : amazonOffers ? unit(key, 'amazon-share') * 0.3 : 0;
  return {
    monthlySold: withBadge ? badge : null,
    rankDrops30: withDrops && !only90 ? drops30 : null,
    rankDrops90: withDrops ? Math.round(drops30 * (2.6 + unit(key, 'drops90') * 0.8)) : null,
    salesRank: rank,
    rootCategory: RANK_CURVES.find((c) => c.market === market)?.rootCategory ?? null,
    newFbaOffers: Math.min(offers, Math.round(offers * (0.3 + unit(key, 'fba-share') * 0.5)) + (amazonOffers ? 1 : 0)),
    newOffers: offers,
    amazonOffers,
    amazonBuyBoxShare: share === null ? null : Math.round(share * 100) / 100,
  };
}

function listingFor(variant: DemoVariant, market: MarketId, pack: number, fetchedAt: Date): AmazonListing {
  const m = getMarket(market);
  const key = `${variant.gtin}|${market}|${pack}`;
  const markup = 1.3 + unit(key, 'markup') * 1.5;
  const multiDiscount = pack > 1 ? 0.93 : 1;
  const gross = variant.basePrice * markup * (1 + m.vatRate) * pack * multiDiscount * DEMO_FX[m.currency]!;
  const noBuyBox = unit(key, 'nobuybox') < 0.05;
  const buyBoxPrice = noBuyBox ? null : retailPrice(gross, key);
  const reference = buyBoxPrice ?? retailPrice(gross, key);
  const rankU = Math.pow(unit(key, 'rank'), 1.6);
  const mainCategoryRank = Math.round(Math.exp(Math.log(40) + rankU * (Math.log(450_000) - Math.log(40))));
  const beautyCategoryRank = Math.max(1, Math.round(mainCategoryRank / (2 + unit(key, 'sub') * 7)));
  const estimatedMonthlySales = Math.max(0, Math.round((90_000 / Math.pow(mainCategoryRank, 0.8)) * SALES_SCALE[market]));
  const offerCount = noBuyBox ? between(0, 2, key, 'offers') : between(1, 22, key, 'offers');
  const amazonHolds = unit(key, 'amazon') < 0.25;
  // The buy box's last 90 days (Keepa's csv history) and its 30/90-day averages (Keepa's stats) from them.
  const daily = buyBoxPrice === null ? null : demoBuyBoxDays(buyBoxPrice, key);
  const avg30 = daily === null ? null : averageOf(daily, 30);
  const avg90 = daily === null ? null : averageOf(daily, 90);
  const fba = Math.round(FBA_BASE[variant.size] * FBA_SCALE[market] * (1 + 0.3 * (pack - 1)) + between(-20, 30, key, 'fba'));
  return {
    ean: variant.gtin,
    asin: demoAsin(variant.gtin, pack),
    market,
    title: pack > 1 ? `${variant.name}, Pack of ${pack}` : variant.name,
    brand: variant.brand,
    imageUrl: null,
    buyBoxPrice,
    lowestFbaPrice: offerCount > 0 ? Math.round(reference * (0.97 + unit(key, 'fbap') * 0.06)) : null,
    lowestFbmPrice: unit(key, 'fbm') < 0.6 ? Math.round(reference * (0.92 + unit(key, 'fbmp') * 0.15)) : null,
    offerCount,
    mainCategoryRank,
    beautyCategoryRank,
    estimatedMonthlySales,
    rating: Math.round((3.4 + unit(key, 'rating') * 1.5) * 10) / 10,
    reviewCount: Math.round(estimatedMonthlySales * (1 + unit(key, 'reviews') * 25)),
    buyBoxSellerId: noBuyBox ? null : amazonHolds ? AMAZON_SELLER_IDS[market] : `A${code(13, key, 'seller')}`,
    // Half the listings carry a Keepa-like rate: the Beauty rate at a price near ours (it only identifies the schedule).
    referralFeeRate: unit(key, 'listing-rate') < 0.5 ? (reference * (0.97 + unit(key, 'keepa-price') * 0.06) <= 1000 ? 0.0801 : 0.1501) : null,
    fbaFee: fba,
    packageQuantity: pack,
    buyBoxAvg30: avg30,
    buyBoxAvg90: avg90,
    buyBoxDaily90: daily,
    sales: demoSalesFacts(key, market, mainCategoryRank, estimatedMonthlySales, offerCount, amazonHolds, noBuyBox),
    fetchedAt,
    source: 'demo',
  };
}

/** Every demo listing of one EAN in one market (empty when the EAN is not listed there). */
export function demoListings(gtin: string, market: MarketId, fetchedAt: Date): AmazonListing[] {
  const variant = demoVariantByGtin(gtin);
  if (!variant || demoHasNoListing(gtin)) return [];
  if (unit(gtin, market, 'listed') >= LISTED_SHARE[market]) return [];
  return demoPacks(gtin).map((pack) => listingFor(variant, market, pack, fetchedAt));
}

let asinIndex: Map<string, { gtin: string; pack: number }> | undefined;
function demoAsinIndex() {
  if (!asinIndex) {
    asinIndex = new Map();
    for (const v of demoCatalogue().variants) for (const pack of demoPacks(v.gtin)) asinIndex.set(demoAsin(v.gtin, pack), { gtin: v.gtin, pack });
  }
  return asinIndex;
}

export interface DemoRetailOptions {
  /**
   * DEMO_LATENCY_MS: every upstream batch (one "request" of up to batchSize codes) waits this long before answering,
   * like a Keepa request would. Cached keys never reach the provider, so only uncached look-ups pay it.
   */
  latencyMs?: number;
  /** Replaceable for tests; real time by default. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The demo charges like a Keepa account on an entry plan would (docs/market-data.md "Keepa tokens"); it never waits. */
export const DEMO_REFILL_RATE = 20;
const BUY_BOX_TOKENS = 2;

/**
 * The first phase of the two-phase look-up: what Keepa shows without `buybox` — the buy box unknown, and the highest
 * price seen (current FBA/FBM and a 90-day maximum that is never below the buy box, as on Amazon).
 */
function firstPhase(listing: AmazonListing): AmazonListing {
  const key = `${listing.ean}|${listing.market}|${listing.asin}`;
  const reference = listing.buyBoxPrice ?? listing.lowestFbaPrice ?? listing.lowestFbmPrice;
  const max90 = reference === null ? null : Math.round(reference * (1.02 + unit(key, 'max90') * 0.1));
  const seen = [max90, listing.lowestFbaPrice, listing.lowestFbmPrice].filter((v): v is number => v !== null);
  return {
    ...listing,
    buyBoxPrice: null,
    buyBoxSellerId: null,
    buyBoxAvg30: null,
    buyBoxAvg90: null,
    buyBoxDaily90: null,
    withoutBuyBox: true,
    highestSeenPrice: seen.length ? Math.max(...seen) : null,
    // Without buy-box data Keepa sends no buy-box seller history: Amazon's share is unknown.
    sales: listing.sales ? { ...listing.sales, amazonBuyBoxShare: null } : listing.sales,
  };
}

export function createDemoRetailProvider(clock: Clock, options: DemoRetailOptions = {}): RetailProvider {
  const latencyMs = options.latencyMs ?? 0;
  const sleep = options.sleep ?? abortableSleep;
  const simulateLatency = (signal?: AbortSignal) => (latencyMs > 0 ? sleep(latencyMs, signal) : Promise.resolve());
  return {
    name: 'demo',
    isDemo: true,
    batchSize: 100,
    async lookupEans(eans, market, signal, callOptions: RetailCallOptions = {}): Promise<RetailBatchResult<AmazonListing[]>> {
      await simulateLatency(signal);
      const buyBox = callOptions.buyBox ?? true;
      const now = clock.now();
      const found = new Map<string, AmazonListing[]>();
      let products = 0;
      for (const ean of eans) {
        const listings = demoListings(ean, market, now);
        products += listings.length;
        if (listings.length) found.set(ean, buyBox ? listings : listings.map(firstPhase));
      }
      return { found, failed: [], requests: 1, tokens: products * (1 + (buyBox ? BUY_BOX_TOKENS : 0)) };
    },
    async tokenAccount() {
      return { tokensLeft: null, refillRate: DEMO_REFILL_RATE };
    },
    async lookupAsins(asins, market, signal): Promise<RetailBatchResult<AmazonListing>> {
      await simulateLatency(signal);
      const now = clock.now();
      const found = new Map<string, AmazonListing>();
      for (const asin of asins) {
        const ref = demoAsinIndex().get(asin);
        if (!ref) continue;
        const listing = demoListings(ref.gtin, market, now).find((l) => l.asin === asin);
        if (listing) found.set(asin, listing);
      }
      return { found, failed: [], requests: 1, tokens: found.size * (1 + BUY_BOX_TOKENS) };
    },
  };
}
