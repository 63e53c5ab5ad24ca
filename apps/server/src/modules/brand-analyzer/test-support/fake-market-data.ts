import { gs1CheckDigit } from '@dealradar/shared/ean';
import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing, LookupResult, MarketDataService, ResolvedListing, WholesaleVariant } from '../../market-data/market-data.types.ts';

/**
 * A controllable MarketDataService for brand-analyzer tests: a small catalogue whose prices give known ROIs,
 * look-up accounting, upstream failures on demand and a gate that holds a scan in PROCESSING.
 */

export function ean(body12: string): string {
  return body12 + String(gs1CheckDigit(body12));
}

export interface FakeListing {
  buyBoxPrice: number | null;
  title?: string;
  mainCategoryRank?: number | null;
  beautyCategoryRank?: number | null;
}

export class FakeMarketData implements MarketDataService {
  readonly source = { retail: 'fake', wholesale: 'fake', isDemo: false };
  variants: WholesaleVariant[] = [];
  /** `${market}:${ean}` → listing figures. */
  listings = new Map<string, FakeListing>();
  /** EANs whose look-up fails upstream (reported in notLookedUp). */
  failingEans = new Set<string>();
  /** Brands whose variant listing throws (wholesale outage). */
  failingBrands = new Set<string>();
  brandCalls: string[] = [];
  lookupCalls: Array<{ market: MarketId; eans: string[] }> = [];
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;

  addVariant(brand: string, gtin: string, priceExclVat: number, name = `${brand} product ${gtin.slice(-4)}`): void {
    this.variants.push({
      gtin,
      name,
      brand,
      category: 'Beauty',
      priceExclVat,
      priceInclVat: Math.round(priceExclVat * 1.21),
      currency: 'EUR',
      stock: 100,
      productUrl: `https://www.qogita.com/search/?query=${gtin}`,
      imageUrl: `https://images.example.test/q/${gtin}.jpg`,
    });
  }

  setListing(market: MarketId, code: string, listing: FakeListing): void {
    this.listings.set(`${market}:${code}`, listing);
  }

  /** Until release() every look-up waits: the scan stays PROCESSING. */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release(): void {
    this.openGate?.();
    this.gate = null;
  }

  async listWholesaleBrands(): Promise<string[]> {
    return [...new Set(this.variants.map((v) => v.brand))].sort();
  }

  async listWholesaleVariants(brand: string): Promise<WholesaleVariant[]> {
    this.brandCalls.push(brand);
    if (this.failingBrands.has(brand)) throw new Error('wholesale upstream is down');
    return this.variants.filter((v) => v.brand === brand);
  }

  async lookupListings(eans: string[], market: MarketId): Promise<LookupResult> {
    this.lookupCalls.push({ market, eans });
    if (this.gate) await this.gate;
    const resolved: LookupResult['resolved'] = new Map();
    const notLookedUp: string[] = [];
    for (const code of eans) {
      if (this.failingEans.has(code)) {
        notLookedUp.push(code);
        continue;
      }
      const figures = this.listings.get(`${market}:${code}`);
      if (!figures) continue;
      const listing: AmazonListing = {
        ean: code,
        asin: `B0${code.slice(-8)}`,
        market,
        title: figures.title ?? `Amazon title ${code}`,
        brand: null,
        imageUrl: `https://images.example.test/a/${code}.jpg`,
        buyBoxPrice: figures.buyBoxPrice,
        lowestFbaPrice: null,
        lowestFbmPrice: null,
        offerCount: 4,
        mainCategoryRank: figures.mainCategoryRank === undefined ? 1200 : figures.mainCategoryRank,
        beautyCategoryRank: figures.beautyCategoryRank === undefined ? 80 : figures.beautyCategoryRank,
        estimatedMonthlySales: 150,
        rating: 4.5,
        reviewCount: 320,
        buyBoxSellerId: 'A3JWKAKR8XB7XF',
        referralFeeRate: 0.15,
        fbaFee: 300,
        packageQuantity: 1,
        fetchedAt: new Date(),
        source: 'demo',
      };
      resolved.set(code, { listing, numberOfPacks: 1, alternatives: [], mapped: false });
    }
    return { resolved, notLookedUp, upstreamRequests: 0 };
  }

  /** The fake listings carry no daily history. */
  async withBuyBoxHistory(_market: MarketId, items: ResolvedListing[]): Promise<ResolvedListing[]> {
    return items;
  }

  fetchWholesaleCatalogue(): AsyncIterable<WholesaleVariant[]> {
    const variants = this.variants;
    return (async function* () {
      yield variants;
    })();
  }

  async fxRate(from: string, to: string) {
    const rate = from === to ? 1 : to === 'GBP' ? 0.85 : 1;
    return { from, to, rate, date: '2026-11-20' };
  }
}
