import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/env.ts';
import type { DbHandle } from '../../db/client.ts';
import type { Log } from '../../lib/logger.ts';
import { BackupError, requestId, takeBackup, type BackupResult } from './backup.ts';

/**
 * `npm run backup` while the server runs on the embedded database: PGlite has one owner, so the CLI cannot open
 * DATA_DIR/pglite. It asks the server through files in DATA_DIR/backup-requests (whoever may write there may read the
 * data anyway): `<id>.request.json` names the file to write; the server claims it (renamed to `.taken`), takes the
 * backup on its own instance and answers `<id>.result.json`. The server looks every second.
 */
export const requestsDir = (dataDir: string) => path.join(dataDir, 'backup-requests');

interface RequestBody {
  file: string;
}
type ResultBody = ({ ok: true } & BackupResult) | { ok: false; error: string };

function writeAtomically(file: string, body: unknown): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(body));
  fs.renameSync(`${file}.tmp`, file);
}

/** Answers the requests waiting now, one after the other; returns how many it handled. */
export async function handleBackupRequests(handle: DbHandle, config: Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'SP_API_TOKEN_KEY'>, log: Log): Promise<number> {
  const dir = requestsDir(config.DATA_DIR);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.request.json'));
  } catch {
    return 0;
  }
  let handled = 0;
  for (const name of names) {
    const id = name.slice(0, -'.request.json'.length);
    const taken = path.join(dir, `${id}.taken`);
    try {
      fs.renameSync(path.join(dir, name), taken);
    } catch {
      continue; // claimed by an earlier round
    }
    let result: ResultBody;
    try {
      const body = JSON.parse(fs.readFileSync(taken, 'utf8')) as RequestBody;
      if (typeof body.file !== 'string' || !path.isAbsolute(body.file)) throw new BackupError('The backup request names no absolute file path.');
      result = { ok: true, ...(await takeBackup(handle, config, body.file)) };
      log.info({ file: result.file, bytes: result.bytes, ms: result.ms }, 'backup taken on request');
    } catch (error) {
      log.error({ err: (error as Error).message }, 'backup request failed');
      result = { ok: false, error: error instanceof BackupError ? error.message : `The backup failed: ${(error as Error).message}` };
    }
    writeAtomically(path.join(dir, `${id}.result.json`), result);
    fs.rmSync(taken, { force: true });
    handled++;
  }
  return handled;
}

/** Polls DATA_DIR/backup-requests every `everyMs`; the returned function stops it. */
export function watchBackupRequests(
  handle: DbHandle,
  config: Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'SP_API_TOKEN_KEY'>,
  log: Log,
  everyMs = 1000,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void handleBackupRequests(handle, config, log)
      .catch((error: unknown) => log.error({ err: (error as Error).message }, 'backup requests could not be read'))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The CLI's side: asks the running server for a backup into `file` and waits for its answer. A server that does not
 * answer within `noticeMs` (the request still unclaimed) is not watching: an older version, or one stopped meanwhile.
 */
export async function requestBackupFromServer(dataDir: string, file: string, options: { noticeMs?: number; timeoutMs?: number } = {}): Promise<BackupResult> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const id = requestId();
  const request = path.join(dir, `${id}.request.json`);
  const resultFile = path.join(dir, `${id}.result.json`);
  writeAtomically(request, { file: path.resolve(file) } satisfies RequestBody);
  const started = Date.now();
  for (;;) {
    if (fs.existsSync(resultFile)) {
      const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as ResultBody;
      fs.rmSync(resultFile, { force: true });
      if (!result.ok) throw new BackupError(result.error);
      const { ok: _ok, ...backup } = result;
      return backup;
    }
    const waited = Date.now() - started;
    if (fs.existsSync(request) && waited > (options.noticeMs ?? 15_000)) {
      fs.rmSync(request, { force: true });
      throw new BackupError(
        'The running server did not take the backup request; make sure it is this version of DealRadar and running, or stop it and run npm run backup again.',
      );
    }
    if (waited > (options.timeoutMs ?? 60 * 60_000)) throw new BackupError('The running server did not finish the backup within an hour; look at its log.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
