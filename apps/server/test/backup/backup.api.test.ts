import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DbHandle } from '../../src/db/client.ts';
import { identityOf } from '../../src/db/data-dir-lock.ts';
import { migrate } from '../../src/db/migrate.ts';
import { loadJwtSecret } from '../../src/lib/jwt-secret.ts';
import { backupCommand, restoreCommand } from '../../src/backup-cli.ts';
import { loadConfig } from '../../src/config/env.ts';
import { BackupError, restoreBackup, takeBackup, type BackupResult } from '../../src/modules/backup/backup.ts';
import { requestBackupFromServer, watchBackupRequests } from '../../src/modules/backup/backup-requests.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { decryptToken, encryptToken, tokenKeys } from '../../src/modules/seller-account/token-crypto.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import type { AppDeps } from '../../src/deps.ts';
import { startQueue } from '../../src/jobs/queue.ts';
import { registerJobs } from '../../src/jobs/registry.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { silentLogger } from '../../src/lib/logger.ts';
import { MemoryMailer } from '../../src/lib/mail/mailer.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { createPostgresDatabase } from '../server-process.ts';
import { multipart, scanSupplierCsv, waitFor } from '../scans/helpers.ts';

/**
 * Backup and restore round trip on the database of this run (embedded by default, PostgreSQL with
 * TEST_DATABASE_URL): users, a supplier list, a scan with deals, a match rule and a stored seller token; a second scan is
 * running while the backup is taken. The backup is restored into an empty target, where every one of them is found,
 * the running scan's row and upload included, and the token decrypts with the restored key file.
 */
const { variants } = demoCatalogue();
const KEPT_ROWS = variants.slice(100, 400);
const RUNNING_ROWS = variants.slice(3_000, 6_000);
/** Each uncached look-up batch of 100 EANs waits this long: the 3,000-EAN scan runs for well over the backup's seconds. */
const LATENCY_MS = 150;
const REFRESH_TOKEN = 'Atzr|backup-round-trip-refresh-token';

const priceList = (rows: typeof variants) =>
  ['EAN,Brand,Price', ...rows.map((v) => `${v.gtin},"${v.brand}",${((v.basePrice * 0.4) / 100).toFixed(2)}`)].join('\n') + '\n';

const onPostgres = !!process.env.TEST_DATABASE_URL;

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded'})`, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-backup-'));
  const dataDir = path.join(root, 'data');
  const restoredDir = path.join(root, 'restored');
  let ctx: TestContext;
  let users: TestUser[];
  let keptScanId: string;
  let runningScanId: string;
  let backup: BackupResult;
  let restoredDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let restored: DbHandle | undefined;
  const figures: Record<string, number | string> = {};
  /** The backup's view of the secrets: the key files in DATA_DIR (neither JWT_SECRET nor SP_API_TOKEN_KEY set). */
  const secretsFrom = (dir: string) => ({ DATA_DIR: dir, JWT_SECRET: undefined, SP_API_TOKEN_KEY: undefined });

  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    ctx = await buildTestApp({ withQueue: true, env: { DATA_DIR: dataDir, DEMO_LATENCY_MS: String(LATENCY_MS) } });
    loadJwtSecret(undefined, dataDir); // the session key file a server without JWT_SECRET generates
    users = [await createUser(ctx.deps, { tier: 'PRO' }), await createUser(ctx.deps, { tier: 'PRO' })];
    const [alice] = users as [TestUser, TestUser];
    const done = await scanSupplierCsv(ctx, alice.headers, priceList(KEPT_ROWS));
    keptScanId = done.scanId;
    const deals = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=5', headers: alice.headers })).json().content as Array<{
      ean: string;
      asin: string;
    }>;
    expect(deals.length).toBeGreaterThan(0);
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/match-rules',
      headers: alice.headers,
      payload: { ean: deals[0]!.ean, asin: deals[0]!.asin, kind: 'never' },
    });
    expect(rule.statusCode, rule.body).toBeLessThan(300);
    const encrypted = encryptToken(REFRESH_TOKEN, tokenKeys({ ...secretsFrom(dataDir), SP_API_TOKEN_KEY_PREVIOUS: undefined }).current);
    await ctx.deps.db.execute(
      `insert into seller_accounts (organization_id, region, merchant_id, refresh_token_encrypted, connected_at) values ($1, 'EU', 'A1BACKUP', $2, now())`,
      [alice.organizationId, encrypted],
    );
  }, 180_000);

  afterAll(async () => {
    await restored?.close();
    await ctx?.close();
    await restoredDb?.drop();
    fs.rmSync(root, { recursive: true, force: true });
    console.log(`[backup ${onPostgres ? 'PostgreSQL' : 'embedded'}] ${JSON.stringify(figures)}`);
  }, 60_000);

  it('takes a backup while a scan runs, and restores it into an empty target with every user, list, deal, rule and key', async () => {
    const [alice] = users as [TestUser, TestUser];
    const keptBefore = await ctx.deps.db.one<{ list_path: string | null; deals: number }>(
      'select list_path, (select count(*)::int from scan_results r where r.scan_id = s.id) as deals from scans s where s.id = $1',
      [keptScanId],
    );
    expect(keptBefore.list_path).toBeTruthy();
    expect(keptBefore.deals).toBeGreaterThan(0);

    const body = multipart(
      { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' },
      { name: 'running.csv', content: priceList(RUNNING_ROWS) },
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(started.statusCode, started.body).toBe(200);
    runningScanId = started.json().scanId;
    const status = () => ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/${runningScanId}/status`, headers: alice.headers }).then((r) => r.json());
    await waitFor(async () => ((await status()).processedEans > 0 ? true : undefined), 60_000);

    backup = await takeBackup(ctx.deps.dbHandle, secretsFrom(dataDir), path.join(root, 'backups', 'during-scan.tar.gz'));
    const after = await status();
    figures.backupMs = backup.ms;
    figures.backupBytes = backup.bytes;
    figures.scanProcessedAtBackupEnd = after.processedEans;
    // The scan was still running when the backup ended: it was taken in the middle of the scan.
    expect(after.status).toBe('PROCESSING');
    expect(after.processedEans).toBeLessThan(RUNNING_ROWS.length);
    expect(backup.manifest).toMatchObject({
      database: onPostgres ? 'postgres' : 'pglite',
      secrets: { jwtSecret: 'file', spApiTokenKey: 'file' },
      dataFolders: expect.arrayContaining(['lists', 'uploads']),
    });
    expect(backup.manifest.schemaVersion).toMatch(/^\d{4}/);
    expect((fs.statSync(backup.file).mode & 0o777).toString(8)).toBe('600');

    let restoreUrl: string | undefined;
    if (onPostgres) {
      restoredDb = await createPostgresDatabase();
      restoreUrl = restoredDb.url;
    }
    const result = await restoreBackup(backup.file, { ...secretsFrom(restoredDir), DATABASE_URL: restoreUrl });
    figures.restoreMs = result.ms;
    expect(result.notes).toEqual([]);
    restored = restoreUrl ? await openPostgres(restoreUrl, 2) : await openPglite(path.join(restoredDir, 'pglite'));
    const db = restored.db;
    // A complete database: every migration of this version is there already.
    expect(await migrate(db)).toEqual([]);

    const ids = users.map((u) => u.id);
    expect((await db.query<{ id: string }>('select id from users where id = any($1::uuid[]) order by id', [ids])).map((r) => r.id)).toEqual([...ids].sort());
    const kept = await db.one<{ list_path: string; status: string; deals: number }>(
      'select list_path, status, (select count(*)::int from scan_results r where r.scan_id = s.id) as deals from scans s where s.id = $1',
      [keptScanId],
    );
    // The supplier list's file came back under the new DATA_DIR/lists, and the scan names it there.
    expect(kept).toEqual({ list_path: path.join(restoredDir, path.relative(dataDir, keptBefore.list_path!)), status: 'COMPLETED', deals: keptBefore.deals });
    expect(fs.existsSync(kept.list_path)).toBe(true);
    expect(await db.one<{ n: number }>('select count(*)::int as n from match_rules where organization_id = $1', [alice.organizationId])).toEqual({ n: 1 });
    // The running scan is there, unfinished, with its upload: a server started on it resumes it.
    const running = await db.one<{ status: string; upload_path: string }>('select status, upload_path from scans where id = $1', [runningScanId]);
    // Its upload is named under the restoring DATA_DIR (the backed-up one may be gone).
    expect(running.upload_path.startsWith(restoredDir + path.sep)).toBe(true);
    expect(fs.existsSync(running.upload_path)).toBe(true);
    expect(['PENDING', 'PROCESSING']).toContain(running.status);
    expect(fs.readdirSync(path.join(restoredDir, 'uploads')).some((name) => name.startsWith(runningScanId))).toBe(true);
    // The stored seller token decrypts with the restored key file, and the session key is the same.
    const stored = await db.one<{ refresh_token_encrypted: string }>('select refresh_token_encrypted from seller_accounts where organization_id = $1', [
      alice.organizationId,
    ]);
    expect(decryptToken(stored.refresh_token_encrypted, tokenKeys({ ...secretsFrom(restoredDir), SP_API_TOKEN_KEY_PREVIOUS: undefined })).plain).toBe(
      REFRESH_TOKEN,
    );
    expect(fs.readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  }, 240_000);

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const again = restoreBackup(backup.file, { ...secretsFrom(restoredDir), DATABASE_URL: restoredDb?.url });
    await expect(again).rejects.toThrow(BackupError);
    await expect(again).rejects.toThrow(onPostgres ? 'The database DATABASE_URL names is not empty' : 'already holds a database');
    // A DATA_DIR whose session key differs is refused too (the backup's key would be lost or theirs overwritten).
    const other = path.join(root, 'other-key');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'jwt-secret'), 'another-key-another-key-another-key');
    let otherDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    if (onPostgres) otherDb = await createPostgresDatabase();
    try {
      await expect(restoreBackup(backup.file, { ...secretsFrom(other), DATABASE_URL: otherDb?.url })).rejects.toThrow('already exists with another key');
      expect(fs.readdirSync(other).filter((n) => !n.startsWith('.'))).toEqual(['jwt-secret']);
    } finally {
      await otherDb?.drop();
    }
    // A backup of one kind of database is not restored into the other.
    const wrongKind = restoreBackup(backup.file, {
      ...secretsFrom(path.join(root, 'wrong-kind')),
      DATABASE_URL: onPostgres ? undefined : 'postgres://nobody@127.0.0.1:1/none',
    });
    await expect(wrongKind).rejects.toThrow(onPostgres ? 'set DATABASE_URL to an empty PostgreSQL database' : 'unset DATABASE_URL');
    await expect(restoreBackup(path.join(root, 'missing.tar.gz'), { ...secretsFrom(path.join(root, 'x')), DATABASE_URL: undefined })).rejects.toThrow(
      'does not exist',
    );
  }, 120_000);

  it('a server started on the restored database finishes the scan that was running during the backup', async () => {
    const handle = restored!;
    const config = loadConfig({
      DATA_DIR: restoredDir,
      DEMO_LATENCY_MS: String(LATENCY_MS),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
    });
    const log = silentLogger();
    const deps: AppDeps = {
      config,
      db: handle.db,
      dbHandle: handle,
      clock: systemClock,
      mailer: new MemoryMailer(),
      jwtSecret: new TextEncoder().encode(config.JWT_SECRET),
      log,
      marketData: createMarketDataService({ config, db: handle.db, clock: systemClock, log }),
    };
    if (onPostgres) {
      // The test app that ran the scan holds no process lease, so only its heartbeat tells it is gone; a production
      // process's lease is held by nobody on the restored database and the scan is taken over at once. Aged here
      // instead of waiting the 60 s for it.
      await handle.db.execute(`update scans set heartbeat_at = now() - interval '5 minutes' where id = $1`, [runningScanId]);
    }
    deps.queue = await startQueue(handle, log);
    try {
      await registerJobs(deps, { worker: true, scheduler: false });
      const done = await waitFor(async () => {
        const row = await handle.db.one<{ status: string; error: string | null; processed_eans: number; deals: number }>(
          'select status, error, processed_eans, (select count(*)::int from scan_results r where r.scan_id = s.id) as deals from scans s where s.id = $1',
          [runningScanId],
        );
        return row.status === 'COMPLETED' || row.status === 'ERROR' ? row : undefined;
      }, 120_000);
      expect(done).toMatchObject({ status: 'COMPLETED', error: null });
      expect(done.processed_eans).toBe(RUNNING_ROWS.length);
      expect(done.deals).toBeGreaterThan(0);
      // No deal twice: the run resumed from its checkpoint.
      const dupes = await handle.db.one<{ n: number }>(
        'select count(*)::int as n from (select ean, market from scan_results where scan_id = $1 group by ean, market having count(*) > 1) d',
        [runningScanId],
      );
      expect(dupes.n).toBe(0);
    } finally {
      await deps.queue.stop({ graceful: false, timeout: 2000 });
    }
  }, 180_000);

  it.skipIf(onPostgres)(
    'npm run backup asks the running server (the owner of the embedded database), which takes it on its own instance',
    async () => {
      // The app registered its jobs as a server does: the backup job's start made it watch DATA_DIR/backup-requests.
      const asked = Date.now();
      const result = await requestBackupFromServer(dataDir, path.join(root, 'backups', 'requested.tar.gz'));
      figures.requestedBackupMs = result.ms;
      figures.requestAnsweredMs = Date.now() - asked;
      expect(result.manifest).toMatchObject({ database: 'pglite', secrets: { jwtSecret: 'environment', spApiTokenKey: 'file' } });
      expect(fs.existsSync(result.file)).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([]);
      // A watcher answers a request it cannot serve with the sentence, which the CLI raises.
      const elsewhere = path.join(root, 'watched');
      const stop = watchBackupRequests(ctx.deps.dbHandle, secretsFrom(elsewhere), ctx.deps.log, 100);
      try {
        fs.writeFileSync(path.join(root, 'a-file'), 'not a folder');
        await expect(requestBackupFromServer(elsewhere, path.join(root, 'a-file', 'backup.tar.gz'))).rejects.toThrow('The backup failed');
      } finally {
        stop();
      }
      // Nobody watching: the CLI says so instead of waiting forever.
      await expect(requestBackupFromServer(path.join(root, 'unwatched'), path.join(root, 'backups', 'nobody.tar.gz'), { noticeMs: 300 })).rejects.toThrow(
        'did not take the backup request',
      );
    },
    120_000,
  );

  it.skipIf(onPostgres)(
    'the CLI backs up a stopped embedded database itself, and refuses to restore while a server holds DATA_DIR',
    async () => {
      // The restored directory has no server: the CLI opens it, takes the backup and lets go of the lock.
      const config = loadConfig({ DATA_DIR: restoredDir });
      await restored?.close();
      restored = undefined;
      const result = await backupCommand(config, path.join(root, 'backups', 'offline.tar.gz'));
      expect(result.through).toBe('this process');
      expect(fs.existsSync(path.join(restoredDir, 'server.lock'))).toBe(false);
      const fresh = path.join(root, 'fresh');
      const restoredAgain = await restoreCommand(loadConfig({ DATA_DIR: fresh }), result.file);
      expect(restoredAgain.manifest.schemaVersion).toBe(backup.manifest.schemaVersion);
      // A live process of its own holds the lock of a DATA_DIR, as a server would: restore refuses with a sentence.
      const busy = path.join(root, 'busy');
      fs.mkdirSync(busy);
      const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => holder.once('spawn', resolve));
        fs.writeFileSync(path.join(busy, 'server.lock'), JSON.stringify(identityOf(holder.pid!)));
        await expect(restoreCommand(loadConfig({ DATA_DIR: busy }), result.file)).rejects.toThrow('A DealRadar server is running');
        expect(fs.existsSync(path.join(busy, 'pglite'))).toBe(false);
      } finally {
        holder.kill('SIGKILL');
      }
    },
    120_000,
  );
});
