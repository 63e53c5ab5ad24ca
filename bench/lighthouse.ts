/**
 * npm run bench:lighthouse — Lighthouse (the npm package) on /login and /dashboard of the production build, driving the
 * system Chromium with the browser tests' flags. Goal: performance ≥ 95 and accessibility 100 (docs/platform.md).
 * /dashboard is measured signed in as the admin (live data after one price refresh), with the region set.
 * Both Lighthouse presets: mobile (its default: slow 4G, 4× slower CPU, simulated) and desktop.
 * Not part of `npm test`: the scores depend on the machine's load.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { buildServer, startServer, stopServer } from './server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3390);
const DEBUG_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'admin', email: 'admin@dealradar.bench', password: 'bench-admin-password-1' };
/** Performance ≥ 95 and accessibility 100. */
const GOAL = { performance: 95, accessibility: 100 };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-lighthouse-'));
const webDir = path.join(work, 'web');
console.log('building the web app and the server…');
execFileSync('npx', ['vite', 'build', 'apps/web', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
buildServer();
const server = await startServer(PORT, {
  DATA_DIR: path.join(work, 'data'),
  WEB_DIST_DIR: webDir,
  APP_URL: BASE,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const browserProcess = spawn(
  CHROMIUM_PATH,
  [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${path.join(work, 'profile')}`, 'about:blank'],
  { stdio: 'ignore' },
);

async function api<T>(pathname: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BASE}/api${pathname}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json().catch(() => ({}))) as T;
}

async function waitForBrowser(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('Chromium did not open its debugging port');
}

/** The admin's session in the browser profile, so Lighthouse (which keeps storage: disableStorageReset) is signed in. */
async function signInBrowser(token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${BASE}/login`);
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.close();
  await browser.close();
}

interface Scores {
  performance: number;
  accessibility: number;
  metrics: string;
  failed: string[];
}

async function audit(pathname: string, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const flags: Flags = { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
  const result = await lighthouse(`${BASE}${pathname}`, flags, preset === 'desktop' ? (desktopConfig as Config) : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${pathname}`);
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric') &&
        (lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) ||
          ['largest-contentful-paint', 'total-blocking-time', 'first-contentful-paint', 'cumulative-layout-shift', 'speed-index'].includes(a.id)),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  fs.writeFileSync(path.join(ROOT, '.tmp', `lighthouse${pathname.replace(/\//g, '-')}-${preset}.json`), JSON.stringify(lhr));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: `FCP ${ms('first-contentful-paint')} · LCP ${ms('largest-contentful-paint')} · TBT ${ms('total-blocking-time')} · CLS ${ms('cumulative-layout-shift')}`,
    failed,
  };
}

let belowGoal = 0;
try {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  await waitForBrowser();
  const token = (await api<{ token: string }>('/auth/login', { method: 'POST', body: { username: ADMIN.username, password: ADMIN.password } })).token;
  await api('/auth/select-country', { method: 'POST', token, body: { countryCode: 'UK' } });
  console.log('one price refresh so the dashboard shows live drops…');
  const before = (await api<{ lastUpdateTime: string | null }>('/price-alerts/stats', { token })).lastUpdateTime;
  await api('/price-alerts/refresh', { method: 'POST', token }).catch(() => undefined);
  for (let i = 0; i < 240 && (await api<{ lastUpdateTime: string | null }>('/price-alerts/stats', { token })).lastUpdateTime === before; i += 1)
    await new Promise((r) => setTimeout(r, 500));

  const runs: Array<[string, 'mobile' | 'desktop']> = [
    ['/login', 'mobile'],
    ['/login', 'desktop'],
    ['/dashboard', 'mobile'],
    ['/dashboard', 'desktop'],
  ];
  for (const [pathname, preset] of runs) {
    if (pathname === '/dashboard' && preset === 'mobile') await signInBrowser(token);
    const scores = await audit(pathname, preset);
    const ok = scores.performance >= GOAL.performance && scores.accessibility >= GOAL.accessibility;
    if (!ok) belowGoal += 1;
    console.log(
      `${pathname.padEnd(11)} ${preset.padEnd(8)} performance ${String(scores.performance).padStart(3)} · accessibility ${String(scores.accessibility).padStart(3)} ${ok ? '' : '(below goal)'}  ${scores.metrics} · load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    if (scores.failed.length) console.log(`            below 0.9: ${scores.failed.join(', ')}`);
  }
  console.log(
    `goal: performance ≥ ${GOAL.performance}, accessibility ≥ ${GOAL.accessibility}; reports in .tmp/lighthouse-*.json; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
} finally {
  browserProcess.kill();
  await stopServer(server);
  fs.rmSync(work, { recursive: true, force: true });
}
process.exitCode = belowGoal ? 1 : 0;
