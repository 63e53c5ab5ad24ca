import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemFiguresDto } from '@dealradar/shared/contracts/system';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createScanRow } from '../factories/scans.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { ean13, fakeMarketData, listing } from '../scans/fake-market-data.ts';
import { scanSupplierCsv } from '../scans/helpers.ts';
import { startProcessHeartbeat } from '../../src/db/process-heartbeat.ts';

const METRICS_TOKEN = 'system-metrics-token-0123456789';

/** One sample of /metrics (the same figures, read by the same function). */
async function metric(ctx: TestContext, line: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const found = res.body.split('\n').find((l) => l.startsWith(`${line} `));
  if (!found) throw new Error(`no sample ${line}`);
  return Number(found.slice(line.length + 1));
}

const A = ean13('400617019001');
const B = ean13('400617019002');

async function figures(ctx: TestContext, admin: TestUser): Promise<SystemFiguresDto> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/system', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as SystemFiguresDto;
}

/** A supplier scan row in PROCESSING, as a worker leaves it: its heartbeat `secondsAgo` old, owned by lease `lease`. */
function processingScan(ctx: TestContext, user: TestUser, fileName: string, secondsAgo: number, lease: number | null): Promise<string> {
  const now = new Date();
  return createScanRow(ctx.deps, user, {
    fileName,
    status: 'PROCESSING',
    attempts: 1,
    heartbeatAt: new Date(now.getTime() - secondsAgo * 1000),
    ownerLease: lease,
    workerToken: 'test-token',
    createdAt: now,
    startedAt: now,
  });
}

describe('GET /api/admin/system', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { METRICS_TOKEN } });
    admin = await createUser(ctx.deps, { role: 'ADMIN', tier: 'PRO' });
  });
  afterAll(async () => ctx?.close());

  it('is for admins only: 403 with a sentence for others, 401 without a session', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/system', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/\w+ \w+/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });

  it('shows the database size and its largest tables', async () => {
    const f = await figures(ctx, admin);
    expect(f.database.kind).toBe(ctx.deps.dbHandle.kind);
    expect(f.database.sizeBytes).toBeGreaterThan(1_000_000);
    expect(f.database.largestTables.length).toBeGreaterThan(3);
    expect(f.database.largestTables[0]!.bytes).toBeGreaterThanOrEqual(f.database.largestTables.at(-1)!.bytes);
    expect(f.database.largestTables.every((t) => /^\w+\.\w+$/.test(t.name))).toBe(true);
    // The next refresh comes from the shared schedule rule: in the future, on a full hour.
    expect(Date.parse(f.priceRefresh.nextAt)).toBeGreaterThan(Date.parse(f.readAt) - 3_600_000);
    expect(new Date(f.priceRefresh.nextAt).getUTCMinutes() % 15).toBe(0);
  });

  it('lists the processes from their heartbeats, with role, version and whether they are alive', async () => {
    // A process killed two days ago (never stopped) is no longer shown; one silent for 31 days is forgotten at the next start.
    const old = (days: number) =>
      ctx.deps.db.one<{ id: string }>(
        `insert into process_heartbeats (id, role, version, host, pid, started_at, heartbeat_at)
         values (gen_random_uuid(), 'api', '0.0.0', 'old-host', 1, now() - make_interval(days => $1), now() - make_interval(days => $1)) returning id::text`,
        [days],
      );
    const twoDays = await old(2);
    const month = await old(31);
    const heartbeat = await startProcessHeartbeat(ctx.deps.db, { role: 'worker', lease: 777_001 });
    const ids = (await ctx.deps.db.query<{ id: string }>('select id::text from process_heartbeats')).map((r) => r.id);
    expect(ids).toContain(twoDays.id);
    expect(ids).not.toContain(month.id);
    expect((await figures(ctx, admin)).processes.some((p) => p.id === twoDays.id)).toBe(false);
    let seen = (await figures(ctx, admin)).processes.find((p) => p.id === heartbeat.id);
    expect(seen).toMatchObject({ role: 'worker', lease: 777_001, alive: true, stoppedAt: null, pid: process.pid });
    expect(seen!.version).toMatch(/^\d+\.\d+\.\d+/);
    await heartbeat.stop();
    seen = (await figures(ctx, admin)).processes.find((p) => p.id === heartbeat.id);
    expect(seen!.alive).toBe(false);
    expect(seen!.stoppedAt).not.toBeNull();
  });

  it('shows a running scan as running and a scan whose owner went silent as stuck, with its owner process', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const owner = await startProcessHeartbeat(ctx.deps.db, { role: 'worker', lease: 777_002 });
    // Silent for 5 minutes: stuck (the claim and sweep would take it over).
    const stuckId = await processingScan(ctx, user, 'stuck.csv', 300, 777_002);
    // Heartbeat a second ago and no lease (embedded database style): running.
    const runningId = await processingScan(ctx, user, 'running.csv', 1, null);
    const f = await figures(ctx, admin);
    const stuck = f.durableRuns.find((r) => r.id === stuckId);
    const running = f.durableRuns.find((r) => r.id === runningId);
    expect(stuck).toMatchObject({ kind: 'scan', stuck: true, label: 'supplier: stuck.csv', ownerLease: 777_002 });
    expect(stuck!.owner).toMatchObject({ id: owner.id, role: 'worker', pid: process.pid });
    expect(running).toMatchObject({ kind: 'scan', stuck: false, owner: null });
    // Stuck runs come first; the metrics count the same runs.
    expect(f.durableRuns[0]!.stuck).toBe(true);
    expect(await metric(ctx, 'dealradar_durable_runs{kind="scan",state="stuck"}')).toBe(f.durableRuns.filter((r) => r.kind === 'scan' && r.stuck).length);
    if (ctx.deps.dbHandle.kind === 'postgres') {
      // A fresh heartbeat, but the owner's process lease is not held by anyone: its process is gone.
      const leaseGone = await processingScan(ctx, user, 'lease-gone.csv', 1, 777_003);
      expect((await figures(ctx, admin)).durableRuns.find((r) => r.id === leaseGone)!.stuck).toBe(true);
    }
    await ctx.deps.db.execute(`update scans set status = 'ERROR' where user_id = $1`, [user.id]);
    await owner.stop();
  });

  it('lists alert deliveries that failed in the last 24 hours (channel, target, error, time), not older ones or sent ones', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const before = (await figures(ctx, admin)).failedDeliveries.countLast24h;
    const insert = (status: string, target: string, error: string | null, hoursAgo: number) =>
      ctx.deps.db.execute(
        `insert into alert_deliveries (user_id, kind, channel, target, status, summary, attempts, error, created_at)
         values ($1, 'drops', 'webhook', $2, $3, '2 price drops', 3, $4, now() - make_interval(hours => $5))`,
        [user.id, target, status, error, hoursAgo],
      );
    await insert('failed', 'https://hooks.example.test/failed', 'The webhook answered 500 three times.', 1);
    await insert('failed', 'https://hooks.example.test/old', 'An old failure.', 30);
    await insert('sent', 'https://hooks.example.test/sent', null, 1);
    const f = await figures(ctx, admin);
    expect(f.failedDeliveries.countLast24h).toBe(before + 1);
    expect(await metric(ctx, 'dealradar_alert_deliveries_failed_24h')).toBe(before + 1);
    const listed = f.failedDeliveries.latest.filter((d) => d.userEmail === user.email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      channel: 'webhook',
      target: 'https://hooks.example.test/failed',
      error: 'The webhook answered 500 three times.',
      attempts: 3,
    });
    expect(Date.now() - Date.parse(listed[0]!.createdAt)).toBeLessThan(2 * 3_600_000);
  });
});

describe('GET /api/admin/system with the queue running', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true });
    const fake = fakeMarketData([listing(A, 'DE'), listing(B, 'DE')]).service;
    // A Keepa-like source: the scan commits the account's balance and refill rate.
    ctx.deps.marketData = { ...fake, tokenAccount: async () => ({ tokensLeft: 1234, refillRate: 21 }) };
    admin = await createUser(ctx.deps, { role: 'ADMIN', tier: 'PRO' });
  });
  afterAll(async () => ctx?.close());

  it('shows the pg-boss queues and, after a scan, the Keepa balance that scan saw', async () => {
    const before = await figures(ctx, admin);
    expect(before.queues.some((q) => q.name === 'scans-run')).toBe(true);
    expect(before.queues.every((q) => q.failedLast24h >= 0 && q.waiting >= 0 && q.active >= 0)).toBe(true);
    expect(before.keepa.last).toBeNull();
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    await scanSupplierCsv(ctx, user.headers, ['EAN;Brand;Price', `${A};Nivea;5,00`, `${B};Nivea;6,00`].join('\n'));
    const after = await figures(ctx, admin);
    expect(after.keepa.last).toMatchObject({ tokensLeft: 1234, refillPerMinute: 21 });
    expect(after.keepa.waitingScans).toBe(0);
    expect(after.keepa.secondsUntilContinue).toBeNull();
    expect(after.durableRuns.filter((r) => r.kind === 'scan')).toEqual([]);
  });

  it('counts the jobs of a queue that failed in the last 24 hours', async () => {
    const queue = (await figures(ctx, admin)).queues[0]!;
    await ctx.deps.db.execute(
      `insert into pgboss.job (id, name, data, state, created_on, completed_on) values (gen_random_uuid(), $1, '{}', 'failed', now(), now())`,
      [queue.name],
    );
    const after = (await figures(ctx, admin)).queues.find((q) => q.name === queue.name)!;
    expect(after.failedLast24h).toBe(queue.failedLast24h + 1);
  });
});
