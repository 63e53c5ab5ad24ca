import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';
import { cleanupExpiredScans } from '../../src/modules/scans/scans.jobs.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';

const A = ean13('400617009871');
const B = ean13('400617009872');
const C = ean13('400617009873');

let ctx: TestContext;
let fake: ReturnType<typeof fakeMarketData>;
let admin: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  fake = fakeMarketData([
    listing(A, 'UK', { title: '=HYPERLINK("http://evil.test","click")', buyBoxPrice: 2000 }),
    listing(B, 'UK', { title: 'Crème, "extra"', brand: '@Brand' }),
    listing(C, 'UK'),
  ]);
  ctx.deps.marketData = fake.service;
  admin = await createUser(ctx.deps, { role: 'ADMIN', minRoiThreshold: 0.2 });
});
afterAll(async () => {
  await ctx?.close();
});

async function start(user: TestUser, content: string, fields: Record<string, string> = {}) {
  const body = multipart(
    { marketplaceId: 'A1F83G8C2ARO7P', marketId: 'UK', eanColumn: 'ean', priceColumn: 'price', brandColumn: 'brand', ...fields },
    { name: 'list.csv', content },
  );
  return ctx.app.inject({ method: 'POST', url: '/api/catalog/scan/start', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')) {
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i += 1;
        } else if (ch === '"') quoted = false;
        else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}

describe('CSV Template Analyzer', () => {
  it('scans an upload and offers the result file with every deal field, formulas neutralized', async () => {
    const res = await start(admin, `ean,brand,price\n${A},Nivea,2.00\n${B},Dove,\n${C},Nivea,19.99\n`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const scanId = res.body;
    expect(scanId).toMatch(/^[0-9a-f-]{36}$/);

    const done = await waitForStatus(ctx, `/api/catalog/scan/${scanId}/status`, admin.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ scanId, fileName: 'list.csv', status: 'COMPLETED', processedEans: 3, totalEans: 3, market: 'UK' });
    expect(done.startTime).not.toBeNull();
    expect(done.report).toMatchObject({ matchedProducts: 3, dealsFound: 1 });

    const history = (await ctx.app.inject({ method: 'GET', url: '/api/catalog/scan/history', headers: admin.headers })).json();
    expect(history.map((s: { scanId: string }) => s.scanId)).toContain(scanId);
    const active = (await ctx.app.inject({ method: 'GET', url: '/api/catalog/scan/active', headers: admin.headers })).json();
    expect(active.map((s: { scanId: string }) => s.scanId)).not.toContain(scanId);

    const file = await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/results`, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`scan_results_${scanId}.csv`);
    const rows = parseCsv(file.body);
    const header = rows[0]!;
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    // A: the deal; B: no supplier price, still listed with the Amazon data and the max buy price; C: not a deal, left out
    expect(rows.slice(1).map((r) => col(r, 'ean'))).toEqual([A, B]);
    const a = rows[1]!;
    expect(col(a, 'productName')).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(col(a, 'isDeal')).toBe('yes');
    expect(col(a, 'market')).toBe('UK');
    expect(col(a, 'marketplaceUrl')).toBe(`https://www.amazon.co.uk/dp/B0${A.slice(-8)}`);
    const b = rows[2]!;
    expect(col(b, 'supplierPrice')).toBe('');
    expect(col(b, 'brand')).toBe(`'@Brand`);
    expect(col(b, 'productName')).toBe('Crème, "extra"');
    expect(Number(col(b, 'maxBuyPrice'))).toBeGreaterThan(0);
    expect(col(b, 'amazonPriceMarketCurrency')).toBe('20');
    expect(col(b, 'minRoiPercentage')).toBe('20');
    for (const name of [
      'asin',
      'amazonPrice',
      'mainCategoryRank',
      'beautyCategoryRank',
      'estimatedMonthlySales',
      'rating',
      'reviewCount',
      'numberOfSellers',
      'buyBoxSellerId',
      'imageUrl',
    ]) {
      expect(col(b, name), name).not.toBe('');
    }

    const queue = (await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/queue-position`, headers: admin.headers })).json();
    expect(queue).toEqual({ position: 0, queueSize: 0 });

    // kept 24 hours after completion, then gone
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    const token = await signSessionToken(
      ctx.deps.jwtSecret,
      { id: admin.id, username: admin.username, email: admin.email, role: 'ADMIN', subscriptionTier: 'prodtest' },
      86400,
      ctx.clock.now(),
    );
    const fresh = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/status`, headers: fresh })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/catalog/scan/history', headers: fresh })).json()).toEqual([]);
    const cleaned = await cleanupExpiredScans(ctx.deps);
    expect(cleaned.scans).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.db.query('select id from scans where id = $1', [scanId])).toEqual([]);
    admin = { ...admin, headers: fresh, token };
  });

  it('is for admins only, and an admin sees only their own scans', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    expect((await start(user, `ean,brand,price\n${A},Nivea,2\n`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/catalog/scan/active', headers: user.headers })).statusCode).toBe(403);

    const res = await start(admin, `ean,brand,price\n${A},Nivea,2\n`);
    const scanId = res.body;
    await waitForStatus(ctx, `/api/catalog/scan/${scanId}/status`, admin.headers, ['COMPLETED']);
    const otherAdmin = await createUser(ctx.deps, { role: 'ADMIN' });
    for (const [method, url] of [
      ['GET', `/api/catalog/scan/${scanId}/status`],
      ['GET', `/api/catalog/scan/${scanId}/results`],
      ['GET', `/api/catalog/scan/${scanId}/queue-position`],
      ['POST', `/api/catalog/scan/${scanId}/cancel`],
      ['DELETE', `/api/catalog/scan/${scanId}`],
      ['GET', '/api/catalog/scan/not-a-uuid/status'],
    ] as const) {
      const r = await ctx.app.inject({ method, url, headers: otherAdmin.headers });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().error).toBe('Scan not found');
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/status`, headers: admin.headers })).statusCode).toBe(200);
  });

  it('cancels a running scan promptly, then deletes it', async () => {
    const rows = ['ean,brand,price'];
    for (let i = 0; i < 5000; i += 1) rows.push(`${ean13(String(600000000000 + i))},Nivea,1.00`);
    fake.state.delayMs = 800;
    try {
      const scanId = (await start(admin, rows.join('\n'))).body;
      const running = await waitFor(async () => {
        const s = (await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/status`, headers: admin.headers })).json();
        return s.status === 'PROCESSING' && s.processedEans >= 1000 ? s : undefined;
      });
      expect(running.totalEans).toBe(5000);
      const queue = (await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/queue-position`, headers: admin.headers })).json();
      expect(queue).toEqual({ position: 0, queueSize: 1 });
      // two more scans: the last one waits behind two unfinished scans (the worker runs at most two at once)
      const second = (await start(admin, rows.join('\n'))).body;
      const third = (await start(admin, rows.join('\n'))).body;
      const waiting = (await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${third}/queue-position`, headers: admin.headers })).json();
      expect(waiting).toEqual({ position: 2, queueSize: 3 });
      const activeList = (await ctx.app.inject({ method: 'GET', url: '/api/catalog/scan/active', headers: admin.headers })).json();
      expect(activeList.map((s: { scanId: string }) => s.scanId)).toEqual([scanId, second, third]);
      for (const id of [second, third]) {
        expect((await ctx.app.inject({ method: 'DELETE', url: `/api/catalog/scan/${id}`, headers: admin.headers })).statusCode).toBe(204);
      }

      const canceled = await ctx.app.inject({ method: 'POST', url: `/api/catalog/scan/${scanId}/cancel`, headers: admin.headers });
      expect(canceled.json()).toMatchObject({ status: 'ERROR', error: 'The scan was canceled.' });
      const callsAtCancel = fake.state.calls;
      await new Promise((r) => setTimeout(r, 1000));
      expect(fake.state.calls - callsAtCancel).toBeLessThanOrEqual(1);
      const after = (await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/status`, headers: admin.headers })).json();
      expect(after.status).toBe('ERROR');
      expect(after.processedEans).toBeLessThan(5000);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/results`, headers: admin.headers })).json().error).toBe(
        'Scan is not completed yet',
      );

      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/catalog/scan/${scanId}`, headers: admin.headers })).statusCode).toBe(204);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/status`, headers: admin.headers })).statusCode).toBe(404);
      expect(await ctx.deps.db.query('select id from scan_results where scan_id = $1', [scanId])).toEqual([]);
    } finally {
      fake.state.delayMs = 0;
    }
  });

  it('answers clear 400s for a missing market or column', async () => {
    const noMarket = await start(admin, `ean,brand,price\n${A},Nivea,2\n`, { marketplaceId: '', marketId: '' });
    expect(noMarket.statusCode).toBe(400);
    expect(noMarket.json().error).toContain('Please choose a market');
    const noBrand = await start(admin, `ean,brand,price\n${A},Nivea,2\n`, { brandColumn: '' });
    expect(noBrand.json().error).toBe('Please choose the Brand column.');
  });
});
