import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '../../src/db/migrate.ts';
import { buildServerBundle, createPostgresDatabase, freePort, killServer, ROOT, startServer, type ServerProcess } from '../server-process.ts';

const reachable = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers, signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    () => 0,
  );

/**
 * A real server process (the bundle `npm start` runs): the metrics port is opened by the process and closed on
 * SIGTERM; readiness is not given while the migrations wait for the migration lock (PostgreSQL: another process
 * migrating), and is given once they ran.
 */
describe('metrics port and readiness of a real server process', () => {
  const bundleDir = path.join(ROOT, '.tmp', `metrics-server-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-metrics-'));
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    buildServerBundle(bundleDir);
    if (onPostgres) database = await createPostgresDatabase();
  }, 120_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
    fs.rmSync(bundleDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves /metrics on METRICS_PORT and only with the token on the public port; not ready while migrating; closes on SIGTERM', async () => {
    const metricsPort = await freePort();
    let locker: pg.Client | undefined;
    if (database) {
      // Another process is migrating: hold the migration lock on the new database.
      locker = new pg.Client({ connectionString: database.url });
      await locker.connect();
      await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    server = await startServer(bundleDir, {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      RUN_SCHEDULER: 'false',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: 'process-metrics-token',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    if (locker) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // Still waiting for the lock: neither port answers, no migration was applied.
      expect(await reachable(`${server.url}/api/health/ready`)).toBe(0);
      expect(await reachable(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(0);
      expect(server.logs().some((l) => l.msg === 'migrations applied')).toBe(false);
      await locker.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await locker.end();
    }
    await server.waitUntilUp();
    expect(await reachable(`${server.url}/api/health/ready`)).toBe(200);
    expect(await reachable(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(200);
    expect(await reachable(`${server.url}/metrics`)).toBe(401);
    expect(await reachable(`${server.url}/metrics`, { authorization: 'Bearer process-metrics-token' })).toBe(200);
    expect(server.logs().some((l) => l.msg === 'metrics served' && l.port === metricsPort)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await reachable(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(0);
  }, 240_000);
});
