import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createBrandScanRow, createScanRow } from '../../../test/factories/scans.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { TestClock } from '../../lib/clock.ts';
import { deliverOne, queueScanFinishedMessages } from './alert-dispatch.service.ts';

const NOW = '2026-11-23T12:00:00.000Z';
const MIN = 60_000;

/** Scan-finished e-mails: scans over 2 minutes e-mail their owner once, with counts and a link; opt-out respected. */
describe('scan-finished messages', () => {
  let ctx: TestContext;
  let user: TestUser;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
    user = await createUser(ctx.deps, { tier: 'FREE' });
  });
  afterAll(async () => ctx.close());

  const at = (minutesAgo: number) => new Date(Date.parse(NOW) - minutesAgo * MIN);
  const insertScan = (fileName: string, status: 'COMPLETED' | 'ERROR', ranMinutes: number, endedMinutesAgo = 1) =>
    createScanRow(ctx.deps, user, {
      fileName,
      status,
      totalEans: 1200,
      processedEans: 1200,
      matchedProducts: 800,
      dealsFound: 42,
      error: status === 'ERROR' ? 'The scan failed: upstream down.' : null,
      createdAt: at(endedMinutesAgo + ranMinutes),
      startedAt: at(endedMinutesAgo + ranMinutes),
      completedAt: at(endedMinutesAgo),
    });

  it('a scan that ran over 2 minutes e-mails its owner once with the counts and a link; a short one does not', async () => {
    await insertScan('long.csv', 'COMPLETED', 3);
    await insertScan('short.csv', 'COMPLETED', 1);
    await insertScan('broken.csv', 'ERROR', 5);
    await createBrandScanRow(ctx.deps, user, { brands: ['Nivea', 'Garnier', 'Dove', 'Loreal'], markets: ['DE', 'FR'], createdAt: at(10), finishedAt: at(2) });
    expect(await queueScanFinishedMessages(ctx.deps)).toBe(3);
    expect(await queueScanFinishedMessages(ctx.deps)).toBe(0);
    const rows = await ctx.deps.db.query<{ id: number; summary: string }>(`select id, summary from alert_deliveries where kind = 'scan' order by id`);
    expect(rows.map((r) => r.summary).sort()).toEqual([
      'Brand scan "Nivea, Garnier, Dove and 1 more" finished',
      'Supplier scan "broken.csv" failed',
      'Supplier scan "long.csv" finished',
    ]);
    for (const row of rows) await expect(deliverOne(ctx.deps, row.id, { lastAttempt: false })).resolves.toBe('sent');
    const long = ctx.mailer.sent.find((m) => m.subject === 'DealRadar: Supplier scan "long.csv" finished')!;
    expect(long.text).toContain('EANs analyzed: 1,200 of 1,200');
    expect(long.text).toContain('Deals: 42');
    expect(long.text).toContain('http://app.test/supplier-level-analyzer');
    expect(long.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/app\.test\/api\/alerts\/unsubscribe\?u=.+&s=scans&t=.+>$/);
    const failed = ctx.mailer.sent.find((m) => m.subject.includes('broken.csv'))!;
    expect(failed.text).toContain('Error: The scan failed: upstream down.');
    const brand = ctx.mailer.sent.find((m) => m.subject.includes('Brand scan'))!;
    expect(brand.text).toContain('Brands: 4 in DE, FR');
    expect(brand.text).toContain('http://app.test/brand-level-analyzer');
  });

  it('the opt-out (also by the signed link) stops them', async () => {
    const link = /<(.+)>/.exec(ctx.mailer.sent.at(-1)!.headers!['List-Unsubscribe']!)![1]!;
    const res = await ctx.app.inject({ method: 'GET', url: link.replace('http://app.test', '') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('scan-finished e-mails');
    await insertScan('after-opt-out.csv', 'COMPLETED', 4);
    expect(await queueScanFinishedMessages(ctx.deps)).toBe(0);
    // Settings (every plan, this user is on FREE): the switch shows off and can be turned on again.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts/scan-emails', headers: user.headers })).json()).toEqual({ scanFinishedEmail: false });
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/alerts/scan-emails', headers: user.headers, payload: { scanFinishedEmail: 'yes' } });
    expect(bad.statusCode).toBe(400);
    const back = await ctx.app.inject({ method: 'PUT', url: '/api/alerts/scan-emails', headers: user.headers, payload: { scanFinishedEmail: true } });
    expect(back.json()).toEqual({ scanFinishedEmail: true });
    await insertScan('after-opt-in.csv', 'COMPLETED', 4);
    expect(await queueScanFinishedMessages(ctx.deps)).toBe(2);
  });
});
