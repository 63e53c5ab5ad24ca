import type { BrandScanState } from '@dealradar/shared/contracts/brand-analyzer';
import type { TestContext } from '../../../../test/build-test-app.ts';
import type { TestUser } from '../../../../test/factories/users.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { ean, FakeMarketData } from './fake-market-data.ts';

/** Products of the fake catalogue with their known outcome in DE (referral 15 %, FBA €3.00, VAT 19 %). */
export const PRODUCTS = {
  /** €50.00 on Amazon, €5.00 wholesale: ROI 530.34 % (qualifies). */
  high: ean('400000000001'),
  /** €10.00 on Amazon, €9.00 wholesale: a loss. */
  loss: ean('400000000002'),
  /** No buy box. */
  noBuyBox: ean('400000000003'),
  /** €30.00 on Amazon, €14.00 wholesale: ROI 26.50 % (qualifies at 15 %, not at 30 %). */
  medium: ean('400000000004'),
  /** A second brand's product: €40.00 on Amazon, €8.00 wholesale. */
  other: ean('400000000005'),
};

/** Brands: 'CeraVe' (four products above) and 'Nordhav Skin' (one), plus filler brands for plan-limit tests. */
export function seedFakeCatalogue(ctx: TestContext): FakeMarketData {
  const fake = new FakeMarketData();
  fake.addVariant('CeraVe', PRODUCTS.high, 500, 'CeraVe Moisturising Cream 340 g');
  fake.addVariant('CeraVe', PRODUCTS.loss, 900);
  fake.addVariant('CeraVe', PRODUCTS.noBuyBox, 700);
  fake.addVariant('CeraVe', PRODUCTS.medium, 1400);
  fake.addVariant('Nordhav Skin', PRODUCTS.other, 800);
  for (let i = 1; i <= 6; i++) fake.addVariant(`Filler Brand ${i}`, ean(`40000000010${i}`), 1000);
  fake.setListing('DE', PRODUCTS.high, { buyBoxPrice: 5000, mainCategoryRank: 1500 });
  fake.setListing('DE', PRODUCTS.loss, { buyBoxPrice: 1000 });
  fake.setListing('DE', PRODUCTS.noBuyBox, { buyBoxPrice: null });
  fake.setListing('DE', PRODUCTS.medium, { buyBoxPrice: 3000, mainCategoryRank: 60000 });
  fake.setListing('DE', PRODUCTS.other, { buyBoxPrice: 4000, mainCategoryRank: null });
  fake.setListing('UK', PRODUCTS.high, { buyBoxPrice: 4500, mainCategoryRank: 900 });
  ctx.deps.marketData = fake;
  return fake;
}

export async function startScan(ctx: TestContext, user: TestUser, brands: string[], markets: string[]) {
  const query = new URLSearchParams();
  brands.forEach((b) => query.append('brands', b));
  markets.forEach((m) => query.append('markets', m));
  return ctx.app.inject({ method: 'POST', url: `/api/brand-analyzer/scan?${query}`, headers: user.headers });
}

export async function getScan(ctx: TestContext, user: TestUser, id: string): Promise<BrandScanState> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/scan/${id}`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`scan status ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Polls the scan until it is COMPLETED or ERROR. */
export async function waitForScan(ctx: TestContext, user: TestUser, id: string, timeoutMs = 20_000): Promise<BrandScanState> {
  let last: BrandScanState | undefined;
  return waitFor(
    async () => {
      last = await getScan(ctx, user, id);
      return last.status === 'COMPLETED' || last.status === 'ERROR' ? last : undefined;
    },
    timeoutMs,
    () => `scan ${id} to finish (still ${last?.status})`,
  );
}

export { waitFor };

export async function listFavorites(ctx: TestContext, user: TestUser, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/favorites${query ? `?${query}` : ''}`, headers: user.headers });
  return res;
}
