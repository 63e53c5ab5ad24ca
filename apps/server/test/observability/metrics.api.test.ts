import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { ean13, fakeMarketData, listing } from '../scans/fake-market-data.ts';
import { multipart, waitForStatus } from '../scans/helpers.ts';
import { createLogger, jobContext, requestContext } from '../../src/lib/logger.ts';
import { setProcessPhase } from '../../src/lib/readiness.ts';
import { MIGRATION_LOCK_KEY } from '../../src/db/migrate.ts';
import { startMetricsServer } from '../../src/plugins/observability.ts';

const TOKEN = 'metrics-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus' text format (0.0.4): `# HELP` / `# TYPE` lines and `name{label="value",…} number` samples. Throws
 * on any line that is neither, and on a sample whose metric family has no TYPE line before it.
 */
function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \w+ .*$/.test(line)) continue;
    const sample = /^(\w+)(?:\{(.*)\})? (-?[\d.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus text line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    const name = sample[1]!;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(family)) throw new Error(`sample without TYPE: ${line}`);
    samples.push({ name, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

const A = ean13('400617009001');
const B = ean13('400617009002');
const C = ean13('400617009003');

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    ctx = await buildTestApp({ withQueue: true, env: { METRICS_TOKEN: TOKEN }, log: createLogger('info', sink) });
    ctx.deps.marketData = fakeMarketData([listing(A, 'DE'), listing(B, 'DE')]).service;
  });
  afterAll(async () => ctx?.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(res.body);
  };

  it('refuses a scrape without the token or with a wrong one (401, a sentence)', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatch(/metrics token/);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers the Prometheus format, and a scan changes its counters, gauges and the request metrics by route', async () => {
    const before = await scrape();
    // Every family named in docs/operations.md is there (process memory from the default metrics).
    for (const family of [
      'dealradar_http_requests_total',
      'dealradar_http_request_duration_seconds',
      'dealradar_scan_rows_scanned_total',
      'dealradar_durable_runs_claimed_total',
      'dealradar_durable_runs_resumed_total',
      'dealradar_durable_runs_failed_total',
      'dealradar_upstream_calls_total',
      'dealradar_upstream_errors_total',
      'dealradar_keepa_tokens_left',
      'dealradar_keepa_refill_rate_per_minute',
      'dealradar_alert_deliveries_total',
      'dealradar_scans',
      'dealradar_queue_waiting_jobs',
      'dealradar_queue_oldest_waiting_seconds',
      'dealradar_price_refresh_last_duration_seconds',
      'dealradar_price_refresh_last_variants_changed',
      'dealradar_db_pool_clients',
      'dealradar_process_resident_memory_bytes',
    ]) {
      expect(before.types.has(family), family).toBe(true);
    }
    expect(before.types.get('dealradar_http_request_duration_seconds')).toBe('histogram');
    // Queues are read from pg-boss at scrape time: the scan queue exists.
    expect(before.samples.some((s) => s.name === 'dealradar_queue_waiting_jobs' && s.labels.queue === 'scans-run')).toBe(true);

    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const body = multipart(
      { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' },
      {
        name: 'supplier.csv',
        content: ['EAN;Brand;Price', `${A};Nivea;5,00`, `${B};Nivea;6,00`, `${C};Dove;7,00`].join('\n'),
      },
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(started.statusCode).toBe(200);
    const requestId = started.headers['x-request-id'] as string;
    expect(requestId).toBeTruthy();
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');

    const after = await scrape();
    // PostgreSQL: the app pool's clients; the embedded database has no pool, so no sample.
    if (ctx.deps.dbHandle.kind === 'postgres') expect(valueOf(after.samples, 'dealradar_db_pool_clients', { state: 'total' })).toBeGreaterThan(0);
    else expect(after.samples.some((s) => s.name === 'dealradar_db_pool_clients')).toBe(false);
    expect(
      valueOf(after.samples, 'dealradar_scan_rows_scanned_total', { kind: 'supplier' }) -
        valueOf(before.samples, 'dealradar_scan_rows_scanned_total', { kind: 'supplier' }),
    ).toBe(3);
    expect(valueOf(after.samples, 'dealradar_scans', { kind: 'supplier', state: 'COMPLETED' })).toBe(
      valueOf(before.samples, 'dealradar_scans', { kind: 'supplier', state: 'COMPLETED' }) + 1,
    );
    expect(
      valueOf(after.samples, 'dealradar_durable_runs_claimed_total') - valueOf(before.samples, 'dealradar_durable_runs_claimed_total'),
    ).toBeGreaterThanOrEqual(1);
    // Requests are labelled by their route pattern, never by the raw address (one label set for every scan id).
    const polls = after.samples.filter((s) => s.name === 'dealradar_http_requests_total' && s.labels.route === '/api/supplier-analyzer/:id/status');
    // The registry is the process's: other test files of this worker may have polled the same route (a 404 of an
    // unknown scan), so this scan's polls are one of its label sets.
    expect(polls.some((s) => s.labels.method === 'GET' && s.labels.status === '200' && s.value > 0)).toBe(true);
    expect(after.samples.some((s) => s.name === 'dealradar_http_requests_total' && String(s.labels.route).includes(started.json().scanId))).toBe(false);
    expect(
      valueOf(after.samples, 'dealradar_http_request_duration_seconds_count', { route: '/api/supplier-analyzer/start', method: 'POST', status: '200' }),
    ).toBeGreaterThanOrEqual(1);

    // The request's id is in its own log lines and in the lines of the scan job it started.
    const requestLines = lines.filter((l) => l.reqId === requestId);
    expect(requestLines.some((l) => l.msg === 'incoming request')).toBe(true);
    const jobLines = requestLines.filter((l) => l.job === 'scans-run');
    expect(jobLines.some((l) => l.msg === 'scan completed')).toBe(true);
    // Lines of the other requests (the status polls) carry their own ids, never the start's.
    expect(lines.filter((l) => l.msg === 'incoming request' && l.reqId === requestId)).toHaveLength(1);
  });

  it('names the request id in error answers and in the x-request-id header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });
});

describe('GET /metrics without METRICS_TOKEN, and METRICS_PORT', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { METRICS_PORT: '0', HOST: '127.0.0.1' } });
  });
  afterAll(async () => ctx?.close());

  it('is not served on the public port (404, a sentence), with or without a bearer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/no API endpoint GET \/metrics/);
  });

  it('is served without a token on the metrics port, which serves nothing else', async () => {
    const server = await startMetricsServer(ctx.deps);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const { samples } = parsePrometheus(await res.text());
      expect(samples.some((s) => s.name === 'dealradar_process_resident_memory_bytes' && s.value > 0)).toBe(true);
      const other = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: string }).error).toMatch(/only GET \/metrics/);
    } finally {
      await server.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    setProcessPhase('serving');
    await ctx?.close();
  });

  it('is ready while serving, and not while migrations run or the process shuts down; liveness stays 200', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    setProcessPhase('migrating');
    const migrating = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(migrating.statusCode).toBe(503);
    expect(migrating.json().error).toMatch(/migrations are being applied/);

    setProcessPhase('shutting-down');
    const closing = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json().error).toBe('The server is shutting down.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    setProcessPhase('serving');
  });

  it('is not ready while another process holds the migration lock (PostgreSQL)', async () => {
    if (ctx.deps.dbHandle.kind !== 'postgres') return;
    const other = new pg.Client({ connectionString: ctx.deps.dbHandle.url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('Database migrations are being applied.');
      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const broken = { ...ctx.deps.db, one: () => Promise.reject(new Error('connection refused')) };
    const original = ctx.deps.db;
    Object.assign(ctx.deps, { db: broken });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('The database is not reachable.');
    } finally {
      Object.assign(ctx.deps, { db: original });
    }
  });
});

describe('request id in log lines written through any logger', () => {
  it('adds reqId to lines of the process logger inside a request, once on the request logger, and the job’s id inside a job', () => {
    const out: string[] = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          out.push(chunk.toString());
          done();
        },
      }),
    );
    requestContext.run({ reqId: 'req-1' }, () => {
      log.info('from a service');
      log.child({ reqId: 'req-1' }).info('from the request logger');
      jobContext.run({ job: 'scans-run', jobId: 'j1', reqId: 'req-0' }, () => log.info('from a job another request sent'));
    });
    log.info('outside');
    const lines = out.map((line) => line.trim());
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-1', msg: 'from a service' });
    expect(lines[1]!.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[2]!)).toMatchObject({ reqId: 'req-0', job: 'scans-run', jobId: 'j1' });
    expect(JSON.parse(lines[3]!).reqId).toBeUndefined();
  });
});
