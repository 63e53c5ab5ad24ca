import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../apps/server/run-flags.ts';

/** The real server for a benchmark: built and started the way `npm start` does (package.json), in a child process. */
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ARGS = [...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []), ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'];

export function buildServer(): void {
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'ignore' });
}

/** Starts the built server with these settings (no web app, no scheduler, no rate limit) and waits for /api/health. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_SERVER_LOG=<file>: the server's info log (e.g. each scan's phase timings) goes to that file.
  const logFile = process.env.BENCH_SERVER_LOG;
  const child = spawn('node', SERVER_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logFile ? 'info' : 'warn',
      RUN_SCHEDULER: 'false',
      RATE_LIMIT_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'a') : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * Starts a worker process of the built server the way `npm run worker` does (package.json), with these settings;
 * its log (LOG_LEVEL from `env`, warn by default) goes to `logFile`. The caller waits for it (it serves no HTTP).
 */
export function startWorker(env: Record<string, string>, logFile: string): ChildProcess {
  return spawn('node', ['apps/server/dist/worker.js'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', fs.openSync(logFile, 'a'), 'inherit'],
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
