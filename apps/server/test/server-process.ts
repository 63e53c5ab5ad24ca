import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../run-flags.ts';
import { waitFor } from './wait-for.ts';

/**
 * Real server processes for the tests of start-up, crash and shutdown: the bundle `npm start` runs, started
 * with its own environment, watched through HTTP and its JSON log lines. Waits are generous (a loaded 2-core machine)
 * but bounded; every process and database a test makes is removed by its afterAll.
 */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

export function buildServerBundle(dir: string): void {
  execFileSync('node', ['--import', 'tsx', path.join(ROOT, 'apps/server/build.ts'), dir], { cwd: ROOT, stdio: 'pipe' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const ADMIN = { username: 'admin', email: 'admin@process.test', password: 'process-test-password-1' };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Parsed JSON log lines so far. */
  logs(): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  /** Resolves when /api/health answers 200; throws (with the output) when the process exits or timeoutMs passes. */
  waitUntilUp(timeoutMs?: number): Promise<void>;
}

export function startServer(bundleDir: string, env: Record<string, string>): Promise<ServerProcess> {
  return freePort().then((port) => {
    const child = spawn('node', [...SERVER_NODE_FLAGS, path.join(bundleDir, 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_ENABLED: 'false',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'process-test-jwt-secret-0123456789abcdef',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
    const url = `http://127.0.0.1:${port}`;
    const server: ServerProcess = {
      child,
      port,
      url,
      output: () => output,
      logs: () =>
        output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => {
            try {
              return JSON.parse(line) as Record<string, unknown>;
            } catch {
              return {};
            }
          }),
      exited,
      async waitUntilUp(timeoutMs = 180_000) {
        await waitFor(
          async () => {
            if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited before it was up:\n${output}`);
            return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
              (r) => r.ok,
              () => false,
            );
          },
          timeoutMs,
          () => `the server to be up:\n${output}`,
        );
      },
    };
    return server;
  });
}

/** Ends a test's server for good (SIGKILL) and waits for it; harmless when it already exited. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A new empty database on the PostgreSQL of TEST_DATABASE_URL, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `dealradar_proc_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Logs in as the bootstrapped admin; the bearer header for API calls. */
export async function adminHeaders(server: ServerProcess): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token?: string; accessToken?: string };
  return { authorization: `Bearer ${body.token ?? body.accessToken}` };
}
