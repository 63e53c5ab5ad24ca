import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from './client.ts';

/** How often a process writes its heartbeat; the System screen calls a process alive while its last one is younger than PROCESS_ALIVE_MS. */
export const PROCESS_HEARTBEAT_MS = 15_000;
export const PROCESS_ALIVE_MS = 45_000;

export type ProcessRole = 'api' | 'worker' | 'api+worker';

/**
 * The version of the server package this process runs: apps/server/package.json, found by walking up from this module
 * (the source, the bundle in apps/server/dist-builds, or a bundle elsewhere in the repository, through apps/server).
 */
export function serverVersion(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    for (const file of [path.join(dir, 'package.json'), path.join(dir, 'apps', 'server', 'package.json')]) {
      try {
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@dealradar/server') return pkg.version ?? 'unknown';
      } catch {
        // no package.json here: look further up
      }
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

export interface ProcessHeartbeat {
  readonly id: string;
  /** Writes stopped_at (graceful shutdown) and stops the timer. */
  stop(): Promise<void>;
}

/** Rows of processes silent this long are deleted when a process starts (one row per start would pile up). */
const FORGET_AFTER_DAYS = 30;

/** Records this process in process_heartbeats and moves its heartbeat every PROCESS_HEARTBEAT_MS until stopped. */
export async function startProcessHeartbeat(db: Db, options: { role: ProcessRole; lease: number | null; intervalMs?: number }): Promise<ProcessHeartbeat> {
  await db.execute(`delete from process_heartbeats where heartbeat_at < now() - make_interval(days => $1)`, [FORGET_AFTER_DAYS]);
  const id = crypto.randomUUID();
  await db.execute(
    `insert into process_heartbeats (id, role, version, host, pid, lease, started_at, heartbeat_at) values ($1, $2, $3, $4, $5, $6, now(), now())`,
    [id, options.role, serverVersion(), os.hostname(), process.pid, options.lease],
  );
  const timer = setInterval(() => {
    db.execute('update process_heartbeats set heartbeat_at = now() where id = $1', [id]).catch(() => undefined);
  }, options.intervalMs ?? PROCESS_HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.execute('update process_heartbeats set heartbeat_at = now(), stopped_at = now() where id = $1', [id]);
    },
  };
}
