/**
 * Page-load budget, measured on the web build the browser tests already made (no second build):
 * the JavaScript each screen downloads, gzip-compressed. The account pages (login and its siblings) ≤ 200 KB, every
 * screen ≤ 350 KB. See docs/platform.md for what counts and how to stay within it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_WEB_DIR } from '../../../playwright.config.ts';
import { readManifest, routeBundles } from './bundle-graph.ts';

const KB = 1024;
const ACCOUNT_PAGE_BUDGET = 200 * KB;
const SCREEN_BUDGET = 350 * KB;
/** The pages a visitor sees before signing in: they never load the signed-in shell. */
const ACCOUNT_PAGES = ['login', 'register', 'forgot-password', 'reset-password', 'confirm-email', 'confirm-password'].map(
  (name) => `src/app/routes/${name}.tsx`,
);

test('every screen stays within its JavaScript budget', () => {
  const bundles = routeBundles(E2E_WEB_DIR, { withoutShell: ACCOUNT_PAGES });
  const table = bundles.map(
    (b) => `${b.route.replace('src/app/routes/', '').padEnd(32)} ${(b.gzipBytes / KB).toFixed(1).padStart(6)} KB in ${b.files.length} files`,
  );
  console.log(`JavaScript per screen (gzip):\n${table.join('\n')}`);
  expect(bundles.map((b) => b.route)).toContain('src/app/routes/login.tsx');
  expect(bundles.length).toBeGreaterThanOrEqual(17);
  for (const bundle of bundles) {
    const budget = ACCOUNT_PAGES.includes(bundle.route) ? ACCOUNT_PAGE_BUDGET : SCREEN_BUDGET;
    expect(bundle.gzipBytes, `${bundle.route}: ${(bundle.gzipBytes / KB).toFixed(1)} KB of gzipped JavaScript, budget ${budget / KB} KB`).toBeLessThanOrEqual(
      budget,
    );
  }
});

test('the budget counts the entry, the screen and what the screen loads on demand, never the other screens', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-graph-'));
  const chunks: Record<string, number> = {
    'entry.js': 3000,
    'shared.js': 2000,
    'login.js': 1000,
    'dash.js': 1500,
    'chart.js': 5000,
    'shell.js': 700,
    'other.js': 9000,
  };
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'assets'));
  // Random bytes do not compress: the gzip size stays close to the raw size.
  for (const [file, bytes] of Object.entries(chunks)) fs.writeFileSync(path.join(dir, 'assets', file), crypto.getRandomValues(new Uint8Array(bytes)));
  const chunk = (file: string, extra: object = {}) => ({ file: `assets/${file}`, ...extra });
  const manifest = {
    'index.html': chunk('entry.js', {
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/app/routes/login.tsx', 'src/app/routes/dash.tsx', 'src/app/routes/other.tsx', 'src/shell.tsx'],
    }),
    '_shared.js': chunk('shared.js'),
    'src/shell.tsx': chunk('shell.js', { imports: ['_shared.js'] }),
    'src/app/routes/login.tsx': chunk('login.js', { imports: ['_shared.js', 'index.html'] }),
    'src/app/routes/dash.tsx': chunk('dash.js', { imports: ['_shared.js'], dynamicImports: ['src/chart.tsx', 'src/app/routes/other.tsx'] }),
    'src/chart.tsx': chunk('chart.js', { imports: ['_shared.js'] }),
    'src/app/routes/other.tsx': chunk('other.js'),
  };
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  expect(Object.keys(readManifest(dir))).toHaveLength(7);

  const bundles = Object.fromEntries(routeBundles(dir, { withoutShell: ['src/app/routes/login.tsx'] }).map((b) => [b.route.replace(/.*\//, ''), b]));
  expect(bundles['login.tsx']!.files.sort()).toEqual(['assets/entry.js', 'assets/login.js', 'assets/shared.js']);
  expect(bundles['dash.tsx']!.files.sort()).toEqual(['assets/chart.js', 'assets/dash.js', 'assets/entry.js', 'assets/shared.js', 'assets/shell.js']);
  expect(bundles['dash.tsx']!.gzipBytes).toBeGreaterThan(3000 + 2000 + 1500 + 5000 + 700);
  expect(bundles['dash.tsx']!.gzipBytes).toBeLessThan(3000 + 2000 + 1500 + 5000 + 700 + 1000);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the built app is served precompressed: hashed assets cached for a year, index.html revalidated', async ({ request }) => {
  const manifest = readManifest(E2E_WEB_DIR);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
  expect(fs.existsSync(path.join(E2E_WEB_DIR, `${entry.file}.br`)), 'the build writes brotli copies').toBe(true);
  expect(fs.existsSync(path.join(E2E_WEB_DIR, `${entry.file}.gz`)), 'the build writes gzip copies').toBe(true);

  for (const [encoding, expected] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const asset = await request.get(`/${entry.file}`, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(expected);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const page = await request.get('/login');
  expect(page.headers()['content-type']).toMatch(/text\/html/);
  expect(page.headers()['cache-control']).toBe('no-cache');
});
