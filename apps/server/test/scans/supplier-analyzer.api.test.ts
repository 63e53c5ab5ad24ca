import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';
import { cleanupExpiredScans } from '../../src/modules/scans/scans.jobs.ts';
import { getUsage } from '../../src/modules/plans/entitlements.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitForStatus } from './helpers.ts';

const A = ean13('400617001234'); // deal at 5,00 €
const B = ean13('400617001235'); // not a deal at 10,00 €
const C = ean13('400617001236'); // no listing
const D = ean13('400617001237'); // deal, better rank

let ctx: TestContext;
let fake: ReturnType<typeof fakeMarketData>;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  fake = fakeMarketData([
    listing(A, 'DE'),
    listing(B, 'DE'),
    listing(D, 'DE', { mainCategoryRank: 50, brand: 'Dove', buyBoxPrice: 3000 }),
    listing(A, 'UK', { buyBoxPrice: 1800 }),
  ]);
  ctx.deps.marketData = fake.service;
});
afterAll(async () => {
  await ctx?.close();
});

const fileText = ['EAN;Marke;Preis', `${A};Nivea;5,00 €`, `${B};Nivea;10,00`, `${C};Nivea;3,00`, `${D};Dove;4,50`, 'abc;Nivea;1,00', `${A};Nivea;1,00`].join(
  '\r\n',
);

/** The session token lives 24 h too: sign a new one after moving the clock. */
async function freshHeaders(user: TestUser) {
  const token = await signSessionToken(
    ctx.deps.jwtSecret,
    { id: user.id, username: user.username, email: user.email, role: user.role, subscriptionTier: 'GROWTH' },
    ctx.deps.config.JWT_TTL_SECONDS,
    ctx.clock.now(),
  );
  return { authorization: `Bearer ${token}` };
}

async function upload(user: TestUser, content: string, fields: Record<string, string> = {}, name = 'supplier.csv') {
  const body = multipart({ marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis', ...fields }, { name, content });
  return ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

describe('Supplier analyzer: upload → poll → deals', () => {
  it('analyzes a file and lists the deals with every deal field, sorted and filtered', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const res = await upload(user, fileText);
    expect(res.statusCode).toBe(200);
    const started = res.json();
    expect(started).toMatchObject({ totalEans: 4, allowedEans: 4, status: 'PENDING' });

    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    expect(done.processedEans).toBe(4);
    expect(done.totalEans).toBe(4);
    expect(done.report).toMatchObject({ rowsRead: 6, validEans: 4, duplicateRows: 1, invalidRows: 1, matchedProducts: 3, dealsFound: 2 });
    expect(done.report.issueCounts).toMatchObject({ invalid_ean: 1, duplicate_ean: 1 });
    expect(done.report.issueSamples[0]).toMatchObject({ line: 6, reason: 'invalid_ean', value: 'abc' });

    const deals = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json();
    expect(deals.totalElements).toBe(2);
    expect(deals.totalPages).toBe(1);
    // default sort: main rank ascending
    expect(deals.content.map((d: { ean: string }) => d.ean)).toEqual([D, A]);
    const a = deals.content[1];
    expect(a).toMatchObject({
      ean: A,
      asin: `B0${A.slice(-8)}`,
      market: 'DE',
      productName: `Product ${A}`,
      brand: 'Nivea',
      supplierName: 'supplier.csv',
      supplierPrice: 5,
      amazonPrice: 20,
      mainCategoryRank: 1200,
      beautyCategoryRank: 80,
      estimatedMonthlySales: 300,
      rating: 4.5,
      reviewCount: 120,
      numberOfSellers: 4,
      buyBoxSellerId: 'A3JWKAKR8XB7XF',
      amazonImageUrl: `https://img.test/${A}.jpg`,
      imageUrl: `https://img.test/${A}.jpg`,
      qogitaImageUrl: null,
      marketplaceUrl: `https://www.amazon.de/dp/B0${A.slice(-8)}`,
      minRoi: 0.15,
    });
    // 20 € incl. 19 % VAT: net 16.81, referral 3.00, FBA 3.00 → profit 5.81 on 5.00 → ROI 116.13 %
    expect(a.estimatedProfit).toBeCloseTo(5.81, 2);
    expect(a.roiPercentage).toBeCloseTo(116.13, 1);
    // highest buy price for 15 %: 10.8067 / 1.15 = 9.39
    expect(a.maxBuyPrice).toBe(9.39);
    expect(a.breakdown).toMatchObject({ currency: 'EUR', price: 20, vat: 3.19, referralFee: 3, fbaFee: 3, cost: 5, numberOfPacks: 1 });
    // every fee line with its rule, the seller profile (default: DE, registered); the DE holder is Amazon
    // VAT on fees (19 % of 6.00) charged and reclaimed: net zero
    expect(a.breakdown.feeLines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['referral', 3],
      ['fba', 3],
      ['fee-vat', 1.14],
      ['fee-vat-reclaimed', -1.14],
    ]);
    expect(a.breakdown.seller).toEqual({ country: 'DE', vatRegistered: true });
    expect(a.amazonHoldsBuyBox).toBe(true);
    const hidden = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?hideAmazonBuyBox=true', headers: user.headers })).json();
    expect(hidden.totalElements).toBe(0);
    const shown = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?hideAmazonBuyBox=false', headers: user.headers })).json();
    expect(shown.totalElements).toBe(2);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?hideAmazonBuyBox=maybe', headers: user.headers })).statusCode).toBe(400);
    expect(Date.parse(a.expiresAt) - Date.parse(a.createdAt)).toBe(24 * 3600 * 1000);

    const byRoi = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?sortBy=roi&sortOrder=desc', headers: user.headers })).json();
    expect(byRoi.content[0].roiPercentage).toBeGreaterThan(byRoi.content[1].roiPercentage);
    const dove = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?brands=Dove', headers: user.headers })).json();
    expect(dove.content.map((d: { ean: string }) => d.ean)).toEqual([D]);
    const uk = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?markets=UK', headers: user.headers })).json();
    expect(uk.totalElements).toBe(0);
    const filters = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/filters', headers: user.headers })).json();
    expect(filters).toEqual({ brands: ['Dove', 'Nivea'], markets: ['DE'] });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?sortBy=price', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('sortBy must be one of');

    for (const sortBy of [
      'mainCategoryRank',
      'roi',
      'estimatedProfit',
      'buyBoxPrice',
      'supplierPrice',
      'estimatedMonthlySales',
      'numberOfSellers',
      'rating',
      'reviewCount',
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results?sortBy=${sortBy}&sortOrder=desc`, headers: user.headers });
      expect(r.statusCode, sortBy).toBe(200);
    }

    // another user sees none of it
    const other = await createUser(ctx.deps, { tier: 'GROWTH' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/${started.scanId}/status`, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: other.headers })).json().totalElements).toBe(0);

    // deals expire 24 h after they were found
    ctx.clock.advance(24 * 3600 * 1000 - 1000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json().totalElements).toBe(2);
    ctx.clock.advance(2000);
    const fresh = await freshHeaders(user);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: fresh });
    expect(after.statusCode).toBe(200);
    expect(after.json().totalElements).toBe(0);
    const cleaned = await cleanupExpiredScans(ctx.deps);
    expect(cleaned.results).toBe(2);
  });

  it('takes manual entries as JSON on the same endpoint', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: {
        marketId: 'DE',
        rows: [
          { ean: A, brand: 'Nivea', price: 5 },
          { ean: '12', brand: 'X' },
          { ean: D, brand: 'Dove' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalEans: 2, allowedEans: 2 });
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    expect(done.report.issueSamples[0]).toMatchObject({ line: 2, reason: 'invalid_ean' });
    const deals = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json();
    // D has no price: not a deal, listed with its Amazon price and fees, before A by rank
    expect(deals.content.map((d: { ean: string; supplierName: string }) => [d.ean, d.supplierName])).toEqual([
      [D, 'Manual entry'],
      [A, 'Manual entry'],
    ]);
    const noPrice = deals.content[0];
    expect(noPrice).toMatchObject({ supplierPrice: null, estimatedProfit: null, roiPercentage: null, amazonPrice: 30 });
    expect(noPrice.maxBuyPrice).toBeGreaterThan(0);
    expect(noPrice.breakdown).toMatchObject({ price: 30, referralFee: 4.5, fbaFee: 3, cost: null });

    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'DE', rows: [{ ean: A, brand: '' }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('EAN and Brand are required');

    const clear = await ctx.app.inject({ method: 'DELETE', url: '/api/supplier-analyzer/results', headers: user.headers });
    expect(clear.json()).toEqual({ deleted: 2 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json().totalElements).toBe(0);
  });

  it('analyzes only what the plan allows, then refuses with 403 when nothing is left', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' }); // 100 EANs a month, fixed 25 %
    const rows = ['EAN;Marke;Preis'];
    for (let i = 0; i < 130; i += 1) rows.push(`${ean13(String(500000000000 + i))};Nivea;1,00`);
    rows.splice(1, 0, `${A};Nivea;5,00`);
    const res = await upload(user, rows.join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalEans: 131, allowedEans: 100 });
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 100, totalEans: 100, allowedEans: 100 });
    expect(done.report.issueCounts.over_plan_limit).toBe(31);
    const deals = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json();
    expect(deals.content[0]).toMatchObject({ ean: A, minRoi: 0.25 });

    const again = await upload(user, fileText);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toContain('EAN Upload Limit Exhausted');
  });

  it('refuses bad uploads with clear 400/413 answers and stores nothing', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const cases: Array<[string, Buffer | string, string, number, string]> = [
      ['empty', '', 'a.csv', 400, 'The file is empty.'],
      ['header only', 'EAN;Marke;Preis\r\n', 'a.csv', 400, 'The file has a header line but no data rows.'],
      // .csv and .xlsx are taken (read by their bytes); other names get the SPEC sentence naming both.
      ['not csv name', 'EAN;Marke;Preis\n1;2;3', 'a.pdf', 400, 'File type must be .csv or .xlsx.'],
      ['old excel name', 'EAN;Marke;Preis\n1;2;3', 'a.xls', 400, 'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.'],
      ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'a.csv', 400, 'could not be read as an Excel workbook'],
      ['missing column', 'Code;Brand\n1;2', 'a.csv', 400, "The EAN column 'EAN' is not in the file's header"],
      ['no usable row', 'EAN;Marke;Preis\nxyz;Nivea;1', 'a.csv', 400, 'None of the 1 rows has a usable EAN'],
    ];
    for (const [label, content, name, status, message] of cases) {
      const res = await upload(user, content as string, {}, name);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().error, label).toContain(message);
    }
    const badMarket = await upload(user, fileText, { marketId: 'XX' });
    expect(badMarket.statusCode).toBe(400);

    const big = Buffer.alloc(52428800 + 1, 'a');
    const res = await upload(user, big as unknown as string);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toContain('52428800');
    const scans = await ctx.deps.db.query('select id from scans where user_id = $1', [user.id]);
    expect(scans).toEqual([]);
  });

  it('shows the running scan as the active scan and answers 204 without one', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/active-scan', headers: user.headers })).statusCode).toBe(204);
    fake.state.delayMs = 400;
    try {
      const res = await upload(user, fileText);
      const active = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/active-scan', headers: user.headers });
      expect(active.statusCode).toBe(200);
      expect(active.json()).toMatchObject({ scanId: res.json().scanId });
      await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED']);
    } finally {
      fake.state.delayMs = 0;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/active-scan', headers: user.headers })).statusCode).toBe(204);
  });

  it('reports EANs whose Amazon data could not be fetched instead of dropping them', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const original = fake.service.lookupListings;
    fake.service.lookupListings = async (eans, market, opts) => {
      const result = await original(eans, market, opts);
      result.resolved.delete(B);
      return { ...result, notLookedUp: eans.filter((e) => e === B) };
    };
    try {
      const res = await upload(user, fileText);
      const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
      expect(done.report.issueCounts.not_looked_up).toBe(1);
      expect(done.report.issueSamples.find((i: { reason: string }) => i.reason === 'not_looked_up')).toMatchObject({ line: 3, value: B });
    } finally {
      fake.service.lookupListings = original;
    }
  });

  it('analyzes every EAN of a long list once, in larger batches while the cache answers and small ones while EANs go upstream', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const eans = Array.from({ length: 9000 }, (_, i) => ean13(String(810000000000 + i)));
    const listed = new Set(eans.filter((_, i) => i % 3 === 0));
    const original = fake.service.lookupListings;
    const batches: number[] = [];
    const seen = new Set<string>();
    fake.service.lookupListings = async (batch, market) => {
      batches.push(batch.length);
      for (const ean of batch) {
        expect(seen.has(ean)).toBe(false);
        seen.add(ean);
      }
      const resolved = new Map(
        batch.filter((e) => listed.has(e)).map((e) => [e, { listing: listing(e, market), numberOfPacks: 1, alternatives: [], mapped: false }]),
      );
      // The second half of the list is not cached yet: every batch there needs upstream requests.
      return { resolved, notLookedUp: [], upstreamRequests: batch.some((e) => eans.indexOf(e) >= 4500) ? Math.ceil(batch.length / 100) : 0 };
    };
    try {
      const res = await upload(user, ['EAN;Marke;Preis', ...eans.map((e) => `${e};Nivea;5,00`)].join('\n'));
      const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
      expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 9000, totalEans: 9000 });
      expect(done.report).toMatchObject({ matchedProducts: 3000, dealsFound: 3000 });
      expect(seen.size).toBe(9000);
      // 250, 500, 1000, 2000 from the cache (2,000 at most), then back to 250 as soon as a batch went upstream.
      expect(batches.slice(0, 4)).toEqual([250, 500, 1000, 2000]);
      expect(batches.slice(5).every((n) => n <= 500)).toBe(true);
    } finally {
      fake.service.lookupListings = original;
    }
    // Its own wait for the scan is 60 s (9,000 EANs on a loaded 2-core machine): the test may take that long.
  }, 90_000);

  it('gives unanalyzed EANs back to the month when a scan ends early', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const rows = ['EAN;Marke;Preis'];
    for (let i = 0; i < 3000; i += 1) rows.push(`${ean13(String(800000000000 + i))};Nivea;1,00`);
    fake.state.delayMs = 500;
    try {
      const res = await upload(user, rows.join('\n'));
      expect(res.json().allowedEans).toBe(3000);
      expect((await getUsage(ctx.deps.db, user.organizationId, ctx.clock.now())).eanUploadsThisMonth).toBe(3000);
      const scanId = res.json().scanId;
      // the scan is canceled through the shared service (the supplier screen has no cancel button)
      const { cancelOwnScan } = await import('../../src/modules/scans/scans.service.ts');
      const current = {
        id: user.id,
        username: user.username,
        email: user.email,
        role: 'USER' as const,
        organizationId: user.organizationId,
        subscriptionTier: 'GROWTH',
        primaryCountry: 'DE',
        jti: 'x',
        tokenExp: 0,
      };
      const canceled = await cancelOwnScan(ctx.deps, current, 'supplier', scanId);
      expect(canceled.status).toBe('ERROR');
      const used = (await getUsage(ctx.deps.db, user.organizationId, ctx.clock.now())).eanUploadsThisMonth;
      expect(used).toBe(canceled.processed_eans);
      expect(used).toBeLessThan(3000);
    } finally {
      fake.state.delayMs = 0;
    }
  });
});
