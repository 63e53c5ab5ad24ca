import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config/env.ts';
import { openPglite, openPostgres, type DbHandle } from '../../db/client.ts';
import { lastMigration, postgresIsEmpty, postgresServerVersion, relocateDataPaths } from './backup.repository.ts';

/**
 * One backup is one `.tar.gz` file holding:
 * - `manifest.json`: app version, schema migration, database kind, when, and where each secret came from;
 * - `database/pglite.tar` (the embedded database's data directory, `dumpDataDir()` of the running instance) or
 *   `database/postgres.dump` (`pg_dump -Fc`);
 * - `secrets/jwt-secret` and `secrets/sp-api-token-key` when they are files in DATA_DIR (without them sessions end
 *   and stored seller tokens cannot be decrypted); when JWT_SECRET / SP_API_TOKEN_KEY are set, the manifest says so;
 * - `data/lists/…` (kept supplier lists) and `data/uploads/…` (files of scans not finished yet), copied after the
 *   database snapshot so that every file a snapshot row names already exists.
 * The archive is packed with the system's `tar`, which streams (a PostgreSQL dump is never held in memory).
 */
export const BACKUP_FORMAT = 'dealradar-backup';

type SecretSource = 'file' | 'environment' | 'none';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  appVersion: string;
  /** The last migration applied to the database when the backup was taken. */
  schemaVersion: string | null;
  database: 'pglite' | 'postgres';
  /** PostgreSQL's server version (`server_version`), to pick a pg_restore that reads the dump. */
  databaseVersion?: string;
  createdAt: string;
  secrets: { jwtSecret: SecretSource; spApiTokenKey: SecretSource };
  /** Folders of DATA_DIR in the archive (under data/). */
  dataFolders: string[];
  /** DATA_DIR of the backed-up installation: the paths the scans store under it move to the restoring DATA_DIR. */
  dataDir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: BackupManifest;
}

/** A refusal or failure the CLI prints as it is: a sentence for the person running it. */
export class BackupError extends Error {}

type BackupConfig = Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'SP_API_TOKEN_KEY'>;

const run = promisify(execFile);
const SECRET_FILES = { jwtSecret: 'jwt-secret', spApiTokenKey: 'sp-api-token-key' } as const;
const DATA_FOLDERS = ['lists', 'uploads'];

function appVersion(): string {
  try {
    const file = path.resolve(import.meta.dirname, '../../../package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function tool(name: string, args: string[], what: string): Promise<string> {
  try {
    const { stdout } = await run(name, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new BackupError(`${name} was not found on this machine; install it (${what}) and try again.`, { cause: error });
    throw new BackupError(`${name} failed: ${(e.stderr ?? e.message).trim()}`, { cause: error });
  }
}

/** The major version of a PostgreSQL client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
async function clientMajor(name: 'pg_dump' | 'pg_restore'): Promise<number> {
  const out = await tool(name, ['--version'], 'the PostgreSQL client tools, e.g. apt-get install postgresql-client');
  return Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1] ?? 0);
}

/** Copies a folder file by file; a file removed meanwhile (a list past its retention) is skipped. */
function copyFolder(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      if (entry.isDirectory()) copyFolder(source, target);
      else if (entry.isFile()) fs.copyFileSync(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function nonEmpty(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** `dealradar-backup-2026-11-29T03-30-00Z.tar.gz`: sorts by time, which the rotation relies on. */
export function backupFileName(at: Date): string {
  return `dealradar-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/**
 * Takes a consistent snapshot of the database (`handle`: the embedded database must be the running process's own
 * instance, PGlite having one owner) plus the secrets and files the data needs, into `file`.
 */
export async function takeBackup(handle: DbHandle, config: BackupConfig, file: string): Promise<BackupResult> {
  const started = Date.now();
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  const partial = `${target}.partial`;
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const schemaVersion = await lastMigration(handle.db);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      schemaVersion,
      database: handle.kind,
      createdAt: new Date().toISOString(),
      secrets: { jwtSecret: 'none', spApiTokenKey: 'none' },
      dataFolders: [],
      dataDir: path.resolve(config.DATA_DIR),
    };
    if (handle.kind === 'pglite') {
      const client = handle.pglite!;
      // A checkpoint first keeps the WAL a restore replays short. The dump then runs while no query and no
      // transaction is open (PGlite's transaction lock, taken by every query and transaction): a scan's batch in
      // progress finishes first, and the one after it waits for the dump.
      await client.exec('checkpoint');
      const exclusive = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
      const blob = await exclusive._runExclusiveTransaction(() => client.dumpDataDir('none'));
      fs.writeFileSync(path.join(staging, 'database', 'pglite.tar'), Buffer.from(await blob.arrayBuffer()));
    } else {
      const url = handle.url!;
      const [dumpMajor, server] = await Promise.all([clientMajor('pg_dump'), postgresServerVersion(url)]);
      if (dumpMajor < server.major) {
        throw new BackupError(
          `pg_dump on this machine is version ${dumpMajor} but the database runs PostgreSQL ${server.text}; install the PostgreSQL ${server.major} client tools (or newer) and try again.`,
        );
      }
      manifest.databaseVersion = server.text;
      // One MVCC snapshot of the whole database: running scans and jobs go on meanwhile.
      await tool('pg_dump', ['--format=custom', `--file=${path.join(staging, 'database', 'postgres.dump')}`, `--dbname=${url}`], 'the PostgreSQL client tools');
    }
    fs.mkdirSync(path.join(staging, 'secrets'));
    for (const [key, name] of Object.entries(SECRET_FILES) as Array<[keyof typeof SECRET_FILES, string]>) {
      const fromEnv = key === 'jwtSecret' ? config.JWT_SECRET : config.SP_API_TOKEN_KEY;
      const source = path.join(config.DATA_DIR, name);
      if (fromEnv) manifest.secrets[key] = 'environment';
      else if (fs.existsSync(source)) {
        fs.copyFileSync(source, path.join(staging, 'secrets', name));
        fs.chmodSync(path.join(staging, 'secrets', name), 0o600);
        manifest.secrets[key] = 'file';
      }
    }
    for (const folder of DATA_FOLDERS) {
      if (!fs.existsSync(path.join(config.DATA_DIR, folder))) continue;
      copyFolder(path.join(config.DATA_DIR, folder), path.join(staging, 'data', folder));
      manifest.dataFolders.push(folder);
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    // The archive holds secrets: readable by its owner only.
    fs.writeFileSync(partial, '', { mode: 0o600 });
    await tool('tar', ['-czf', partial, '-C', staging, '.'], 'tar');
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, ms: Date.now() - started, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true }); // a failed backup leaves no half-written file
  }
}

/** Unpacks a backup into `into` and reads its manifest; refuses a file that is not a DealRadar backup. */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`The backup file ${file} does not exist.`);
  try {
    await tool('tar', ['-xzf', path.resolve(file), '-C', into], 'tar');
  } catch (error) {
    throw new BackupError(`${file} is not a DealRadar backup (it could not be unpacked).`, { cause: error });
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(into, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is not a DealRadar backup (it has no manifest).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a DealRadar backup.`);
  if (manifest.formatVersion !== 1)
    throw new BackupError(`${file} was written by a newer DealRadar (backup format ${manifest.formatVersion}); restore it with that version.`);
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Sentences for the person restoring: secrets to set in the environment. */
  notes: string[];
  ms: number;
}

/**
 * Restores a backup into an empty target: the embedded data directory DATA_DIR/pglite (no database there yet, and
 * DATA_DIR locked by the caller so no server starts meanwhile) or the empty PostgreSQL database DATABASE_URL. The
 * secret files go back into DATA_DIR; a secret that existed there with other content is never overwritten.
 */
export async function restoreBackup(file: string, config: BackupConfig & Pick<Config, 'DATABASE_URL'>): Promise<RestoreResult> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new BackupError(`The backup file ${file} does not exist.`);
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.DATA_DIR, '.restore-'));
  try {
    const manifest = await unpack(file, staging);
    const wanted = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== wanted) {
      throw new BackupError(
        manifest.database === 'postgres'
          ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.'
          : 'This backup is of the embedded database: unset DATABASE_URL to restore it into an empty DATA_DIR.',
      );
    }
    // Every check before anything is written: a refused restore leaves the target as it was.
    const pgliteDir = path.join(config.DATA_DIR, 'pglite');
    if (wanted === 'pglite' && nonEmpty(pgliteDir)) {
      throw new BackupError(
        `The data directory ${config.DATA_DIR} already holds a database; restore into an empty DATA_DIR (or move ${pgliteDir} away first).`,
      );
    }
    if (wanted === 'postgres' && !(await postgresIsEmpty(config.DATABASE_URL!))) {
      throw new BackupError('The database DATABASE_URL names is not empty; restore into a newly created, empty database.');
    }
    for (const folder of manifest.dataFolders) {
      if (nonEmpty(path.join(config.DATA_DIR, folder))) {
        throw new BackupError(`${path.join(config.DATA_DIR, folder)} is not empty; restore into an empty DATA_DIR.`);
      }
    }
    for (const name of Object.values(SECRET_FILES)) {
      const saved = path.join(staging, 'secrets', name);
      const existing = path.join(config.DATA_DIR, name);
      if (fs.existsSync(saved) && fs.existsSync(existing) && !fs.readFileSync(saved).equals(fs.readFileSync(existing))) {
        throw new BackupError(`${existing} already exists with another key; restore into an empty DATA_DIR (or move that file away first).`);
      }
    }

    if (wanted === 'pglite') {
      fs.mkdirSync(pgliteDir, { recursive: true });
      const dump = fs.readFileSync(path.join(staging, 'database', 'pglite.tar'));
      try {
        const client = await PGlite.create(pgliteDir, { loadDataDir: new Blob([dump]) });
        try {
          await client.query('select 1');
          await client.exec('checkpoint');
        } finally {
          await client.close();
        }
      } catch (error) {
        // A half-written data directory would make the next attempt refuse the target as not empty.
        fs.rmSync(pgliteDir, { recursive: true, force: true });
        throw new BackupError(`The embedded database in the backup could not be restored: ${(error as Error).message}`, { cause: error });
      }
    } else {
      const restoreMajor = await clientMajor('pg_restore');
      const dumpMajor = Number(/^(\d+)/.exec(manifest.databaseVersion ?? '')?.[1] ?? 0);
      if (restoreMajor < dumpMajor) {
        throw new BackupError(
          `This backup was taken from PostgreSQL ${manifest.databaseVersion}; pg_restore here is version ${restoreMajor}: install the PostgreSQL ${dumpMajor} client tools (or newer).`,
        );
      }
      await tool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${config.DATABASE_URL}`,
          path.join(staging, 'database', 'postgres.dump'),
        ],
        'the PostgreSQL client tools',
      );
    }

    for (const folder of manifest.dataFolders) copyFolder(path.join(staging, 'data', folder), path.join(config.DATA_DIR, folder));
    const dataDir = path.resolve(config.DATA_DIR);
    if (manifest.dataDir && manifest.dataDir !== dataDir) {
      const restored = config.DATABASE_URL ? await openPostgres(config.DATABASE_URL, 1) : await openPglite(pgliteDir);
      try {
        await relocateDataPaths(restored.db, manifest.dataDir, dataDir);
      } finally {
        await restored.close();
      }
    }
    const notes: string[] = [];
    for (const [key, name] of Object.entries(SECRET_FILES) as Array<[keyof typeof SECRET_FILES, string]>) {
      const saved = path.join(staging, 'secrets', name);
      if (fs.existsSync(saved)) {
        fs.copyFileSync(saved, path.join(config.DATA_DIR, name));
        fs.chmodSync(path.join(config.DATA_DIR, name), 0o600);
      } else if (manifest.secrets[key] === 'environment') {
        const variable = key === 'jwtSecret' ? 'JWT_SECRET' : 'SP_API_TOKEN_KEY';
        notes.push(`${variable} came from the environment when the backup was taken: start the server with the same ${variable}.`);
      }
    }
    return { manifest, notes, ms: Date.now() - started };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` backups named by `backupFileName` in `dir` and deletes the rest; returns what it deleted. */
export function rotateBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const backups = fs
    .readdirSync(dir)
    .filter((name) => /^dealradar-backup-.*\.tar\.gz$/.test(name))
    .sort()
    .reverse();
  const removed = backups.slice(keep);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** A random id for backup requests and temporary names. */
export const requestId = () => crypto.randomBytes(8).toString('hex');
