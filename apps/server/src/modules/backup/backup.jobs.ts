import path from 'node:path';
import type { Config } from '../../config/env.ts';
import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { backupFileName, rotateBackups, takeBackup } from './backup.ts';
import { watchBackupRequests } from './backup-requests.ts';

export const BACKUP_QUEUE = 'backup';
/** The default on the embedded database: daily at 03:30 UTC, after the night's price refreshes have slowed down. */
export const DEFAULT_BACKUP_CRON = '30 3 * * *';

/** The cron of the scheduled backup, or undefined when it is off (BACKUP_SCHEDULE=off; PostgreSQL without a setting). */
export function backupSchedule(config: Pick<Config, 'BACKUP_SCHEDULE' | 'DATABASE_URL'>): string | undefined {
  const setting = config.BACKUP_SCHEDULE?.trim();
  if (setting === 'off') return undefined;
  if (setting) return setting;
  return config.DATABASE_URL ? undefined : DEFAULT_BACKUP_CRON;
}

export const backupDir = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) => path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));

/** One scheduled backup into BACKUP_DIR, then all but the newest BACKUP_KEEP are deleted. */
export async function runScheduledBackup(deps: Pick<AppDeps, 'dbHandle' | 'config' | 'log'>, now = new Date()): Promise<{ file: string; removed: string[] }> {
  const dir = backupDir(deps.config);
  const result = await takeBackup(deps.dbHandle, deps.config, path.join(dir, backupFileName(now)));
  const removed = rotateBackups(dir, deps.config.BACKUP_KEEP);
  deps.log.info({ file: result.file, bytes: result.bytes, ms: result.ms, removed }, 'scheduled backup taken');
  return { file: result.file, removed };
}

/**
 * The scheduled backup. Its cron comes from the configuration, so the schedule is set (or removed when off) at start
 * instead of declared: a changed BACKUP_SCHEDULE replaces the stored one. On the embedded database the same process
 * also answers `npm run backup` (backup-requests.ts), the only process that may open its data directory.
 */
export const backupJob = defineJob({
  name: BACKUP_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 1, retryDelay: 300, expireInSeconds: 3 * 3600 },
  handler: (deps) => runScheduledBackup(deps),
  async onStart(deps, flags) {
    if (flags.scheduler && deps.queue) {
      const cron = backupSchedule(deps.config);
      if (cron) await deps.queue.schedule(BACKUP_QUEUE, cron);
      else await deps.queue.unschedule(BACKUP_QUEUE);
    }
    if (deps.dbHandle.kind === 'pglite' && deps.queue) {
      const stop = watchBackupRequests(deps.dbHandle, deps.config, deps.log);
      deps.queue.once('stopped', stop);
    }
  },
});

export const BACKUP_JOBS = [backupJob];
