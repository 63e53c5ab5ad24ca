import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { openPglite, type DbHandle } from '../../db/client.ts';
import { silentLogger } from '../../lib/logger.ts';
import { backupFileName, rotateBackups } from './backup.ts';
import type { AppDeps } from '../../deps.ts';
import { backupDir, backupJob, backupSchedule, DEFAULT_BACKUP_CRON, runScheduledBackup } from './backup.jobs.ts';

describe('the backup schedule setting', () => {
  it('is daily on the embedded database and off on PostgreSQL unless BACKUP_SCHEDULE says otherwise', () => {
    expect(backupSchedule(loadConfig({}))).toBe(DEFAULT_BACKUP_CRON);
    expect(backupSchedule(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }))).toBeUndefined();
    expect(backupSchedule(loadConfig({ BACKUP_SCHEDULE: 'off' }))).toBeUndefined();
    expect(backupSchedule(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', BACKUP_SCHEDULE: '0 2 * * 0' }))).toBe('0 2 * * 0');
    expect(backupDir(loadConfig({ DATA_DIR: '/srv/dealradar' }))).toBe('/srv/dealradar/backups');
    expect(backupDir(loadConfig({ DATA_DIR: '/srv/dealradar', BACKUP_DIR: '/mnt/backups' }))).toBe('/mnt/backups');
    expect(loadConfig({}).BACKUP_KEEP).toBe(7);
  });
});

describe('the backup job at start', () => {
  function fakeQueue() {
    const calls: unknown[][] = [];
    const queue = Object.assign(new EventEmitter(), {
      schedule: async (...args: unknown[]) => void calls.push(['schedule', ...args]),
      unschedule: async (...args: unknown[]) => void calls.push(['unschedule', ...args]),
    });
    return { queue, calls };
  }
  const depsWith = (env: Record<string, string>, queue: EventEmitter, kind: 'pglite' | 'postgres') =>
    ({ config: loadConfig(env), queue, dbHandle: { kind }, log: silentLogger() }) as unknown as AppDeps;

  it('schedules the configured cron, or removes the schedule when backups are off; only the scheduler does', async () => {
    const off = fakeQueue();
    await backupJob.onStart!(depsWith({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }, off.queue, 'postgres'), { worker: true, scheduler: true });
    expect(off.calls).toEqual([['unschedule', 'backup']]);
    const custom = fakeQueue();
    await backupJob.onStart!(depsWith({ BACKUP_SCHEDULE: '15 2 * * *' }, custom.queue, 'postgres'), { worker: false, scheduler: true });
    expect(custom.calls).toEqual([['schedule', 'backup', '15 2 * * *']]);
    const noScheduler = fakeQueue();
    await backupJob.onStart!(depsWith({}, noScheduler.queue, 'postgres'), { worker: true, scheduler: false });
    expect(noScheduler.calls).toEqual([]);
  });

  it('on the embedded database watches for backup requests until the queue stops', async () => {
    const { queue, calls } = fakeQueue();
    await backupJob.onStart!(depsWith({}, queue, 'pglite'), { worker: true, scheduler: true });
    expect(calls).toEqual([['schedule', 'backup', DEFAULT_BACKUP_CRON]]);
    expect(queue.listenerCount('stopped')).toBe(1);
    queue.emit('stopped');
    expect(queue.listenerCount('stopped')).toBe(0);
  });
});

describe('keeping the last BACKUP_KEEP backups', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-rotation-'));
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openPglite();
    await handle.db.exec("create table schema_migrations (version text primary key); insert into schema_migrations values ('0001_init')");
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('deletes all but the newest, and leaves other files alone', () => {
    const rotation = path.join(dir, 'plain');
    fs.mkdirSync(rotation);
    const names = Array.from({ length: 9 }, (_, day) => backupFileName(new Date(Date.UTC(2026, 10, day + 1, 3, 30))));
    for (const name of names) fs.writeFileSync(path.join(rotation, name), 'x');
    fs.writeFileSync(path.join(rotation, 'dealradar-manual-2026-10-01T00-00-00Z.tar.gz'), 'mine');
    fs.writeFileSync(path.join(rotation, 'notes.txt'), 'mine');
    expect(rotateBackups(rotation, 7).sort()).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(rotation).sort()).toEqual([...names.slice(2), 'dealradar-manual-2026-10-01T00-00-00Z.tar.gz', 'notes.txt'].sort());
  });

  it('a scheduled backup is written into BACKUP_DIR, and the oldest beyond the last 7 are removed', async () => {
    const backups = path.join(dir, 'scheduled');
    fs.mkdirSync(backups);
    const older = Array.from({ length: 7 }, (_, day) => backupFileName(new Date(Date.UTC(2026, 10, day + 1, 3, 30))));
    for (const name of older) fs.writeFileSync(path.join(backups, name), 'x');
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: backups, JWT_SECRET: 'j'.repeat(32) });
    const now = new Date(Date.UTC(2026, 10, 29, 3, 30));
    const result = await runScheduledBackup({ dbHandle: handle, config, log: silentLogger() }, now);
    expect(result.file).toBe(path.join(backups, backupFileName(now)));
    expect(result.removed).toEqual([older[0]]);
    expect(fs.readdirSync(backups).sort()).toEqual([...older.slice(1), backupFileName(now)].sort());
    expect(fs.statSync(result.file).size).toBeGreaterThan(1000);
  }, 60_000);
});
