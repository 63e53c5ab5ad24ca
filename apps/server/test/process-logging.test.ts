import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../run-flags.ts';

/**
 * The server bundle as `npm start` runs it: everything it writes to stdout and stderr is one JSON format, and
 * LOG_LEVEL holds for the server, the queue, the jobs and the migrations. Fails when a second format (a stray
 * console.log, Fastify's default logger) or an ignored LOG_LEVEL comes back.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUNDLE_DIR = path.join(ROOT, '.tmp', `log-test-server-${process.pid}`);
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the bundle, sends a few requests, stops it with SIGTERM and returns every line it wrote. */
async function runServer(dataDir: string, logLevel: string): Promise<{ lines: string[]; code: number | null }> {
  const port = await freePort();
  const child = spawn('node', [...SERVER_NODE_FLAGS, path.join(BUNDLE_DIR, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: logLevel,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      RATE_LIMIT_ENABLED: 'false',
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@log.test',
      ADMIN_PASSWORD: 'log-test-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    let up = false;
    for (let i = 0; i < 600 && !up && child.exitCode === null; i += 1) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 250));
    }
    expect(up, output).toBe(true);
    await fetch(`http://127.0.0.1:${port}/api/nope`);
    await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":"admin","password":"wrong-password-1"}',
    });
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  return { lines: output.split('\n').filter((line) => line.trim() !== ''), code };
}

function parse(line: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error(`Not a JSON log line: ${line}`);
  }
  const record = parsed as Record<string, unknown>;
  expect(LEVELS, line).toContain(record.level);
  expect(record.time, line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(typeof record.msg, line).toBe('string');
  return record;
}

describe('the server process logs one JSON format and honours LOG_LEVEL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-log-test-'));
  beforeAll(() => {
    execFileSync('node', ['--import', 'tsx', path.join(ROOT, 'apps/server/build.ts'), BUNDLE_DIR], { cwd: ROOT, stdio: 'pipe' });
  }, 120_000);
  afterAll(() => {
    fs.rmSync(BUNDLE_DIR, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('at info: every line of the server, its migrations and its requests is the same JSON, request lines carry the request id', async () => {
    const { lines, code } = await runServer(dataDir, 'info');
    expect(code).toBe(0);
    const records = lines.map(parse);
    expect(records.map((r) => r.msg)).toEqual(expect.arrayContaining(['migrations applied', 'incoming request', 'request completed', 'shutting down']));
    const requestLines = records.filter((r) => r.msg === 'incoming request');
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
  }, 240_000);

  it('at warn: no info line at all, whatever part of the process writes it', async () => {
    const { lines, code } = await runServer(dataDir, 'warn');
    expect(code).toBe(0);
    for (const record of lines.map(parse)) expect(['warn', 'error', 'fatal'], JSON.stringify(record)).toContain(record.level);
  }, 240_000);
});
