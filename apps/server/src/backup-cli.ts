import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from './config/env.ts';
import { openPglite, openPostgres } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { BackupError, restoreBackup, takeBackup, type BackupResult } from './modules/backup/backup.ts';
import { backupDir } from './modules/backup/backup.jobs.ts';
import { requestBackupFromServer } from './modules/backup/backup-requests.ts';

/**
 * `npm run backup [file]` and `npm run restore <file>` (docs/operations.md "Backups and restore").
 * Backup: PostgreSQL through pg_dump (any time); the embedded database by this process when no server runs on
 * DATA_DIR, else by the running server on request. Restore: into an empty DATA_DIR or an empty database only.
 */
const manualName = (at: Date) =>
  `dealradar-manual-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

/** Locks DATA_DIR for this process; undefined when a running server holds it. */
function tryLock(config: Config): (() => void) | undefined {
  try {
    return lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (/in use by another DealRadar process/.test((error as Error).message)) return undefined;
    throw error;
  }
}

export async function backupCommand(config: Config, file: string | undefined): Promise<BackupResult & { through: 'this process' | 'the running server' }> {
  const target = path.resolve(file ?? path.join(backupDir(config), manualName(new Date())));
  if (config.DATABASE_URL) {
    const handle = await openPostgres(config.DATABASE_URL, 1);
    try {
      return { ...(await takeBackup(handle, config, target)), through: 'this process' };
    } finally {
      await handle.close();
    }
  }
  const unlock = tryLock(config);
  if (!unlock) return { ...(await requestBackupFromServer(config.DATA_DIR, target)), through: 'the running server' };
  try {
    const dir = path.join(config.DATA_DIR, 'pglite');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${config.DATA_DIR} to back up.`);
    const handle = await openPglite(dir);
    try {
      return { ...(await takeBackup(handle, config, target)), through: 'this process' };
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}

export async function restoreCommand(config: Config, file: string): Promise<Awaited<ReturnType<typeof restoreBackup>>> {
  if (config.DATABASE_URL) return restoreBackup(file, config);
  const unlock = tryLock(config);
  if (!unlock) throw new BackupError(`A DealRadar server is running on ${config.DATA_DIR}; stop it, and restore into an empty DATA_DIR.`);
  try {
    return await restoreBackup(file, config);
  } finally {
    unlock();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const result = await backupCommand(config, file);
    const m = result.manifest;
    console.log(`Backup written to ${result.file} (${mb(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s, taken by ${result.through}).`);
    console.log(
      `Database: ${m.database === 'pglite' ? 'embedded' : `PostgreSQL ${m.databaseVersion ?? ''}`.trim()}, schema ${m.schemaVersion ?? 'none'}; ` +
        `session key: ${m.secrets.jwtSecret}; seller-token key: ${m.secrets.spApiTokenKey}. Keep this file private: it holds those keys.`,
    );
    return;
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Name the backup file: npm run restore -- <file>.');
    const result = await restoreCommand(config, file);
    const m = result.manifest;
    console.log(
      `Restored the backup of ${m.createdAt} (schema ${m.schemaVersion ?? 'none'}) into ${config.DATABASE_URL ? 'the database DATABASE_URL names' : config.DATA_DIR} in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    for (const note of result.notes) console.log(note);
    console.log('Start the server: it applies any newer migrations and resumes the scans that were running.');
    return;
  }
  throw new BackupError('Usage: npm run backup [-- <file>]  or  npm run restore -- <file>');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('backup-cli.ts')) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof BackupError ? error.message : `Failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
