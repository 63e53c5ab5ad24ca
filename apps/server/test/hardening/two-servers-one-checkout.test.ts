import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanOldBuilds, currentBuild, slotOf } from '../../src/lib/build-slots.ts';
import { killServer, ROOT, startServer, type ServerProcess } from '../server-process.ts';

/**
 * `npm start` builds the web app and the server bundle before it starts; a second `npm start` (or
 * `npm run worker`) from the same checkout must not rebuild under the first server, whose pages would then fail until
 * the build had finished (docs/decisions/0010-builds-switched-not-rewritten.md). Here a server runs from a checkout-like pair of build links (apps/web/dist and
 * apps/server/dist, under .tmp/), the builds run again exactly as `npm start` runs them (apps/web/build.ts,
 * apps/server/build.ts, with `--link` pointing at these links), and the first server is asked for its index.html and
 * every asset it names all the while: nothing may fail or change. An unchanged tree skips both builds.
 * The builds and the pages do not depend on the database: the embedded-database pass runs this file, the PostgreSQL
 * pass skips it (it would only build twice more, ~100 s).
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('two servers from one checkout', () => {
  const work = path.join(ROOT, '.tmp', `two-servers-${process.pid}`);
  const webLink = path.join(work, 'web', 'dist');
  const serverLink = path.join(work, 'server', 'dist');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-two-servers-'));
  const servers: ServerProcess[] = [];

  /** Runs a build script the way `npm start` does (node --import tsx), without blocking this process. */
  function build(script: 'apps/web/build.ts' | 'apps/server/build.ts', ...args: string[]): Promise<{ output: string; ms: number }> {
    const started = Date.now();
    const link = script === 'apps/web/build.ts' ? webLink : serverLink;
    const child = spawn('node', ['--import', 'tsx', path.join(ROOT, script), '--link', link, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    return new Promise((resolve, reject) =>
      child.once('exit', (code) => (code === 0 ? resolve({ output, ms: Date.now() - started }) : reject(new Error(`${script} failed (${code}):\n${output}`)))),
    );
  }

  const sha = (data: ArrayBuffer) => crypto.createHash('sha256').update(Buffer.from(data)).digest('hex');

  /** index.html and every file under /assets/ it names, and what the landing preload script it loads names. */
  async function pageFiles(server: ServerProcess): Promise<string[]> {
    const index = await (await fetch(`${server.url}/dashboard`)).text();
    const named = new Set([...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
    for (const file of [...named].filter((f) => f.endsWith('.js'))) {
      const text = await (await fetch(`${server.url}${file}`)).text();
      for (const m of text.matchAll(/assets\/[\w.-]+\.(?:js|css)/g)) named.add(`/${m[0]}`);
    }
    return ['/dashboard', ...named];
  }

  /** What the server answers for each file: status and content hash. */
  async function snapshot(server: ServerProcess, files: string[]): Promise<Record<string, string>> {
    const answers = await Promise.all(
      files.map(async (file) => {
        try {
          const res = await fetch(`${server.url}${file}`, { signal: AbortSignal.timeout(15_000) });
          return [file, `${res.status} ${sha(await res.arrayBuffer())}`] as const;
        } catch (error) {
          return [file, `failed: ${(error as Error).message}`] as const;
        }
      }),
    );
    return Object.fromEntries(answers);
  }

  const markerOf = (buildDir: string, server: ServerProcess) => path.join(buildDir, '.in-use', `${server.child.pid}.json`);

  beforeAll(async () => {
    fs.mkdirSync(path.join(work, 'web'), { recursive: true });
    fs.mkdirSync(path.join(work, 'server'), { recursive: true });
    await build('apps/web/build.ts');
    await build('apps/server/build.ts');
  }, 400_000);
  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a second build under a running server: the first serves its own index.html and every asset it names throughout, a new server the new build', async () => {
    const first = await startServer(serverLink, { DATA_DIR: path.join(dataDir, 'first'), WEB_DIST_DIR: webLink, RUN_SCHEDULER: 'false' });
    servers.push(first);
    await first.waitUntilUp(240_000);
    const webBefore = currentBuild(slotOf(webLink))!;
    const bundleBefore = currentBuild(slotOf(serverLink))!;
    expect(fs.existsSync(markerOf(webBefore, first))).toBe(true);
    expect(fs.existsSync(markerOf(bundleBefore, first))).toBe(true);

    const files = await pageFiles(first);
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(2);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    const expected = await snapshot(first, files);
    expect(Object.values(expected).every((answer) => answer.startsWith('200 '))).toBe(true);

    // The second `npm start`: both builds again (forced: this tree is unchanged), while the first server is asked
    // for its page over and over.
    let building = true;
    const rebuilt = (async () => {
      try {
        await build('apps/web/build.ts', '--force');
        await build('apps/server/build.ts', '--force');
      } finally {
        building = false;
      }
    })();
    const differences: string[] = [];
    let rounds = 0;
    while (building) {
      const now = await snapshot(first, files);
      for (const file of files) if (now[file] !== expected[file]) differences.push(`${file}: ${now[file]} (was ${expected[file]})`);
      rounds += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
    await rebuilt;
    const after = await snapshot(first, files);
    for (const file of files) if (after[file] !== expected[file]) differences.push(`${file} after the build: ${after[file]}`);
    expect(differences).toEqual([]);
    expect(rounds).toBeGreaterThan(3);
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);

    // The links now name the new builds; the old ones stay, since the first server uses them.
    const webAfter = currentBuild(slotOf(webLink))!;
    const bundleAfter = currentBuild(slotOf(serverLink))!;
    expect(webAfter).not.toBe(webBefore);
    expect(bundleAfter).not.toBe(bundleBefore);
    expect(fs.existsSync(path.join(webBefore, 'index.html'))).toBe(true);

    // A server started now runs and serves the new builds.
    const second = await startServer(serverLink, {
      DATA_DIR: path.join(dataDir, 'second'),
      WEB_DIST_DIR: webLink,
      RUN_SCHEDULER: 'false',
      RUN_WORKER: 'false',
    });
    servers.push(second);
    await second.waitUntilUp(240_000);
    expect(fs.existsSync(markerOf(webAfter, second))).toBe(true);
    expect(fs.existsSync(markerOf(bundleAfter, second))).toBe(true);
    expect(Object.values(await snapshot(second, await pageFiles(second))).every((answer) => answer.startsWith('200 '))).toBe(true);

    // Clean-up (even with no grace time) leaves every build a live server uses, and removes the old ones once their
    // server is gone (a killed server's marker counts for nothing).
    expect(cleanOldBuilds(slotOf(webLink), { graceMs: 0 })).toEqual([]);
    expect(cleanOldBuilds(slotOf(serverLink), { graceMs: 0 })).toEqual([]);
    await killServer(first);
    expect(cleanOldBuilds(slotOf(webLink), { graceMs: 0 })).toEqual([webBefore]);
    expect(cleanOldBuilds(slotOf(serverLink), { graceMs: 0 })).toEqual([bundleBefore]);
    expect(fs.existsSync(path.join(webAfter, 'index.html'))).toBe(true);
    expect((await fetch(`${second.url}/dashboard`)).status).toBe(200);
  }, 600_000);

  it('an unchanged tree skips both builds', async () => {
    // Builds twice in a row; the second must skip. This working tree may be edited meanwhile (colleagues, an editor):
    // then the two inputs hashes differ and the pair is tried again.
    const inputsOf = (output: string) => /inputs ([0-9a-f]{12})/.exec(output)?.[1];
    for (const script of ['apps/web/build.ts', 'apps/server/build.ts'] as const) {
      const link = script === 'apps/web/build.ts' ? webLink : serverLink;
      let checked = false;
      for (let attempt = 0; attempt < 3 && !checked; attempt++) {
        const first = await build(script);
        const before = currentBuild(slotOf(link));
        const second = await build(script);
        if (inputsOf(second.output) !== inputsOf(first.output)) continue;
        expect(second.output).toMatch(/unchanged \(inputs [0-9a-f]{12}\): build skipped/);
        expect(currentBuild(slotOf(link))).toBe(before);
        checked = true;
      }
      expect(checked, `${script}: the tree changed during every attempt`).toBe(true);
    }
  }, 900_000);
});
