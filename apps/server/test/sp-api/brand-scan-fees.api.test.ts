import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { listFavorites, seedFakeCatalogue, startScan, waitFor, waitForScan } from '../../src/modules/brand-analyzer/test-support/scan-helpers.ts';
import { estimateTopFavorites, TOP_DEALS } from '../../src/modules/seller-account/amazon-fees.service.ts';
import { connectSeller } from './connect-seller.ts';
import { DE, startFakeSpApi, UK, type FakeSpApi } from './fake-sp-api.ts';

/**
 * Amazon's fee estimate of a finished brand scan's top favorites, in the background as after a supplier scan: one call
 * of the favorites (at most 20, the most profitable in EUR), each compared with ours; opening a favorite's breakdown
 * then costs no call; without a connected account nothing is asked.
 */
let ctx: TestContext;
let fake: FakeSpApi;

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'g'.repeat(40) } });
  seedFakeCatalogue(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

interface Fav {
  id: string;
  asin: string;
  market: string;
  breakdown: { price: number; currency: string; profit: number; fxRate: number };
}

async function brandScan(user: TestUser): Promise<string> {
  const res = await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['DE', 'UK']);
  expect(res.statusCode).toBe(202);
  expect((await waitForScan(ctx, user, res.json().scanId)).status).toBe('COMPLETED');
  return res.json().scanId as string;
}
const favorites = async (user: TestUser) => ((await listFavorites(ctx, user)).json() as { content: Fav[] }).content;
const comparisons = (organizationId: string) =>
  ctx.deps.db.query<{ asin: string; market: string; source: string; price: number; our_total: number; amazon_total: number }>(
    'select asin, market, source, price, our_total, amazon_total from amazon_fee_comparisons where organization_id = $1',
    [organizationId],
  );
/** Fee jobs of brand scans still waiting or running. */
const brandFeeJobs = async () =>
  (
    await ctx.deps.db.one<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'amazon-fee-estimates' and data->>'kind' = 'brand' and state in ('created', 'retry', 'active')",
    )
  ).n;
const marketplaceOf: Record<string, string> = { DE, UK };

describe("Amazon's fee estimate of a brand scan's top favorites", () => {
  it('without a connected account nothing is asked and no job is sent', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const calls = fake.state.feeCalls.length;
    const scanId = await brandScan(user);
    expect((await favorites(user)).length).toBeGreaterThan(0);
    const sent = await ctx.deps.db.one<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'amazon-fee-estimates' and data->>'scanId' = $1",
      [scanId],
    );
    expect(sent.n).toBe(0);
    expect(fake.state.feeCalls.length).toBe(calls);
    expect(await comparisons(user.organizationId)).toEqual([]);
  });

  let owner: TestUser;
  let scanId: string;

  it('after a connected brand scan its favorites are estimated in one call (ASIN, store, buy-box price, currency) and compared with ours', async () => {
    owner = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    await connectSeller(ctx, owner.headers);
    const calls = fake.state.feeCalls.length;
    scanId = await brandScan(owner);
    const favs = await favorites(owner);
    expect(favs.length).toBe(4);
    let rows: Awaited<ReturnType<typeof comparisons>> = [];
    await waitFor(async () => {
      rows = await comparisons(owner.organizationId);
      return rows.length === favs.length;
    });
    expect(fake.state.feeCalls.length - calls).toBe(1);
    const call = fake.state.feeCalls.at(-1)!;
    const expected = favs.map((f) => ({ asin: f.asin, marketplaceId: marketplaceOf[f.market]!, price: f.breakdown.price, currency: f.breakdown.currency }));
    const key = (i: { asin: string; marketplaceId: string }) => `${i.asin}|${i.marketplaceId}`;
    expect([...call.items].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
    expect(favs.some((f) => f.breakdown.currency === 'GBP')).toBe(true);
    expect(rows.every((r) => r.source === 'scan')).toBe(true);
    expect(rows.map((r) => `${r.asin}|${r.market}`).sort()).toEqual(favs.map((f) => `${f.asin}|${f.market}`).sort());
  });

  it("opening a favorite's breakdown then answers from the day's estimate without a call", async () => {
    await waitFor(async () => (await brandFeeJobs()) === 0);
    const fav = (await favorites(owner))[0]!;
    const calls = fake.state.feeCalls.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/amazon-fees/estimate',
      headers: owner.headers,
      payload: { asin: fav.asin, market: fav.market, breakdown: fav.breakdown },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ESTIMATED', cached: true });
    expect(fake.state.feeCalls.length).toBe(calls);
  });

  it('of more than 20 favorites only the 20 most profitable in EUR are asked (a pound profit is ranked at its euro value)', async () => {
    const [template] = await ctx.deps.db.query<{ id: string; breakdown: Record<string, unknown> }>(
      "select id, breakdown from brand_favorites where scan_id = $1 and market = 'DE' limit 1",
      [scanId],
    );
    const [ukTemplate] = await ctx.deps.db.query<{ id: string; breakdown: Record<string, unknown> }>(
      "select id, breakdown from brand_favorites where scan_id = $1 and market = 'UK' limit 1",
      [scanId],
    );
    expect(template && ukTemplate).toBeTruthy();
    /** A copy of a favorite of the scan as another product, with this profit and EUR → market rate. */
    const copy = async (from: string, n: number, profit: number, fxRate: number) => {
      await ctx.deps.db.execute(
        `insert into brand_favorites
         select (jsonb_populate_record(null::brand_favorites, to_jsonb(f) || jsonb_build_object(
                   'id', gen_random_uuid(), 'ean', $2::text, 'asin', $3::text,
                   'breakdown', f.breakdown || jsonb_build_object('profit', $4::numeric, 'fxRate', $5::numeric)))).*
           from brand_favorites f where f.id = $1`,
        [from, `99${String(n).padStart(11, '0')}`, `B0TOP${String(n).padStart(5, '0')}`, profit, fxRate],
      );
    };
    // The scan's own favorites leave it; 22 euro favorites with profits €1 … €22, and one in pounds: £2.80 at 0.85 is
    // €3.29, more than the €3.00 one (by the number alone it would rank below it).
    await ctx.deps.db.execute('update brand_favorites set scan_id = null where scan_id = $1', [scanId]);
    const copies = [template!.id, ukTemplate!.id];
    await ctx.deps.db.execute('update brand_favorites set scan_id = $1 where id = any($2::uuid[])', [scanId, copies]);
    for (let n = 1; n <= 22; n++) await copy(template!.id, n, n, 1);
    await copy(ukTemplate!.id, 23, 2.8, 0.85);
    await ctx.deps.db.execute('update brand_favorites set scan_id = null where id = any($1::uuid[])', [copies]);

    const calls = fake.state.feeCalls.length;
    const result = await estimateTopFavorites(ctx.deps, scanId);
    expect(result).toEqual({ asked: TOP_DEALS, compared: TOP_DEALS });
    expect(fake.state.feeCalls.length - calls).toBe(1);
    const asked = fake.state.feeCalls
      .at(-1)!
      .items.map((i) => i.asin)
      .sort();
    const expected = [...Array.from({ length: 19 }, (_, i) => `B0TOP${String(i + 4).padStart(5, '0')}`), 'B0TOP00023'].sort();
    expect(asked).toEqual(expected);
    expect(fake.state.feeCalls.at(-1)!.items.find((i) => i.asin === 'B0TOP00023')).toMatchObject({ marketplaceId: UK, currency: 'GBP' });
  });
});
