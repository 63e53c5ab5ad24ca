import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemFiguresDto } from '@dealradar/shared/contracts/system';
import { openPglite } from '../../src/db/client.ts';
import { adminHeaders, buildServerBundle, createPostgresDatabase, killServer, ROOT, startServer, type ServerProcess } from '../server-process.ts';

const serverPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')) as { version: string };

/** A real server process (the bundle `npm start` runs) records its heartbeat, and its stop, for Admin → System. */
describe('process heartbeats of a real server process', () => {
  const bundleDir = path.join(ROOT, '.tmp', `system-server-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-system-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    buildServerBundle(bundleDir);
    if (process.env.TEST_DATABASE_URL) database = await createPostgresDatabase();
  }, 120_000);
  afterAll(async () => {
    await killServer(server);
    await database?.drop();
    fs.rmSync(bundleDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('shows itself alive with its role, version, pid and lease, and as stopped after SIGTERM', async () => {
    server = await startServer(bundleDir, {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      RUN_SCHEDULER: 'false',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await server.waitUntilUp();
    const res = await fetch(`${server.url}/api/admin/system`, { headers: await adminHeaders(server) });
    expect(res.status).toBe(200);
    const figures = (await res.json()) as SystemFiguresDto;
    const self = figures.processes.find((p) => p.pid === server!.child.pid);
    expect(self).toMatchObject({ role: 'api+worker', version: serverPackage.version, alive: true, stoppedAt: null, host: os.hostname() });
    if (database) expect(self!.lease).toBeGreaterThan(0);
    else expect(self!.lease).toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const read = `select stopped_at from process_heartbeats where id = $1`;
    let stoppedAt: unknown;
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      stoppedAt = (await client.query(read, [self!.id])).rows[0]?.stopped_at;
      await client.end();
    } else {
      const handle = await openPglite(path.join(dataDir, 'pglite'));
      stoppedAt = (await handle.db.query<{ stopped_at: Date | null }>(read, [self!.id]))[0]?.stopped_at;
      await handle.close();
    }
    expect(stoppedAt).toBeInstanceOf(Date);
  }, 180_000);
});
