import { afterEach, describe, expect, it } from 'vitest';
import { isAmazonBuyBox } from '@dealradar/shared/markets';
import { createKeepaProvider } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import { currentBuyBoxSeller, referralRate, toListing, type KeepaProduct } from '../../src/modules/market-data/providers/keepa/keepa-product.ts';
import { keepaProduct, startKeepaFake } from './fakes/keepa-fake.ts';
import { silentLog } from './helpers.ts';

const EAN = '4006381333931';
const at = new Date('2026-11-20T10:00:00Z');
const listing = (p: object) => toListing(p as KeepaProduct, EAN, 'DE', at)!;

describe('Keepa product read right', () => {
  it('takes the buy-box holder from the last pair of buyBoxSellerIdHistory', () => {
    const p = keepaProduct({ asin: 'B0HOLDER01', ean: EAN, buyBoxSeller: 'A3JWKAKR8XB7XF' });
    expect(listing(p).buyBoxSellerId).toBe('A3JWKAKR8XB7XF');
    expect(isAmazonBuyBox('DE', listing(p).buyBoxSellerId)).toBe(true);
    // Amazon.de's id is not Amazon's id on amazon.co.uk
    expect(isAmazonBuyBox('UK', listing(p).buyBoxSellerId)).toBe(false);
    expect(listing(keepaProduct({ asin: 'B0HOLDER02', ean: EAN })).buyBoxSellerId).toBe('A2MERCHANT0001');
  });

  it('never stores -1 (no seller) or -2 (unknown) as a seller id', () => {
    for (const id of ['-1', '-2', -1, -2]) {
      const p = { ...keepaProduct({ asin: 'B0NOSELLER', ean: EAN }), buyBoxSellerIdHistory: ['7010000', 'A1OTHERSELLER1', '7012000', id] };
      expect(currentBuyBoxSeller(p as KeepaProduct)).toBeNull();
    }
    // Without the history, stats.buyBoxSellerId -2 (its value without offers) is not an id either.
    const noHistory = { ...keepaProduct({ asin: 'B0NOHIST01', ean: EAN }), buyBoxSellerIdHistory: undefined };
    expect(listing(noHistory).buyBoxSellerId).toBeNull();
    const statsOnly = { ...noHistory, stats: { ...noHistory.stats, buyBoxSellerId: 'A1X6FK5RDHNB96' } };
    expect(listing(statsOnly).buyBoxSellerId).toBe('A1X6FK5RDHNB96');
  });

  it('keeps Keepa’s referral rate as a fraction and refuses one outside (0, 0.5]', () => {
    expect(referralRate({ referralFeePercentage: 8.01 })).toBeCloseTo(0.0801, 10);
    expect(referralRate({ referralFeePercentage: 50 })).toBe(0.5);
    expect(referralRate({ referralFeePercent: 15 })).toBe(0.15);
    for (const bad of [0, -1, 50.01, 1500, Number.NaN]) expect(referralRate({ referralFeePercentage: bad })).toBeNull();
    expect(listing(keepaProduct({ asin: 'B0BASISPTS', ean: EAN, referral: 1500 })).referralFeeRate).toBeNull();
  });

  it('puts the root-category rank into mainCategoryRank when salesRankReference is -1', () => {
    const p = keepaProduct({ asin: 'B0NOREF001', ean: EAN, rankReference: -1, statsRank: -1, rank: 4321, subRank: 77 });
    expect(listing(p)).toMatchObject({ mainCategoryRank: 4321, beautyCategoryRank: 77 });
    // no root known at all: the root rank never lands in the secondary slot
    const bare = { ...p, rootCategory: undefined, categoryTree: undefined, salesRanks: { '64187031': [7012000, 4321] } };
    expect(listing(bare)).toMatchObject({ mainCategoryRank: null, beautyCategoryRank: null });
  });

  describe('through the Keepa look-alike', () => {
    let fake: Awaited<ReturnType<typeof startKeepaFake>> | undefined;
    afterEach(async () => fake?.close());

    it('answers with buyBoxSellerIdHistory and the adapter reads the current holder', async () => {
      const products = new Map<string, object[]>([[EAN, [keepaProduct({ asin: 'B0AMAZONBB', ean: EAN, buyBoxSeller: 'A3JWKAKR8XB7XF' })]]]);
      fake = await startKeepaFake({ key: 'k', products });
      const provider = createKeepaProvider({ apiKey: 'k', baseUrl: fake.url, now: () => at, log: silentLog, backoffBaseMs: 10, timeoutMs: 400 });
      const result = await provider.lookupEans([EAN], 'DE');
      expect(fake.requests[0]!.query.get('buybox')).toBe('1');
      expect(result.found.get(EAN)![0]!.buyBoxSellerId).toBe('A3JWKAKR8XB7XF');
    });
  });
});
