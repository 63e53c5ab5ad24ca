import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './apps/server/run-flags.ts';
import { FAKE_QOGITA_EMAIL, FAKE_QOGITA_PASSWORD } from './apps/server/test/market-data/fakes/qogita-fake.ts';

/** Browser tests drive Debian's Chromium against the real server on a throwaway embedded database. */
const port = Number(process.env.E2E_PORT ?? 3101);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dealradar-e2e-${port}`);
/** The web build of this test port (the bundle budget in e2e/bundle-budget.spec.ts reads its manifest). */
export const E2E_WEB_DIR = path.join(E2E_DATA_DIR + '-web');
/** The server bundle of this test port (inside the repository, where its npm imports resolve; .tmp/ is ignored). */
const E2E_SERVER_DIR = path.join('.tmp', `e2e-server-${port}`);
/**
 * Debian's Chromium. The browser tests drive its headless shell (package chromium-headless-shell, the "old headless"
 * build without the browser's own UI, which Playwright also uses for headless runs of its own builds): on this 2-core
 * machine it took about a third less CPU than the full browser for the same tests. The full browser is the fallback
 * and what the Lighthouse benchmark (bench/lighthouse.ts) drives, since Lighthouse audits a real browser.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
export const E2E_ADMIN = { username: 'admin', email: 'admin@dealradar.test', password: 'admin-password-123' };

/**
 * A second server for apps/web/e2e/slow-scans.spec.ts: the same app with DEMO_LATENCY_MS, so every uncached look-up
 * batch of 100 EANs takes 5 s like a real Keepa request and a scan of a few hundred fresh EANs runs 15–30 s — long
 * enough to reload the page, cancel it or watch it fail while it runs. Own database; no scheduler, so no price refresh
 * competes with the scans for the slow provider. Only slow-scans.spec.ts uses it.
 */
export const E2E_SLOW_PORT = port + 1;
export const E2E_SLOW_URL = `http://127.0.0.1:${E2E_SLOW_PORT}`;
export const E2E_SLOW_DATA_DIR = `${E2E_DATA_DIR}-slow`;
export const E2E_SLOW_LATENCY_MS = 5000;

/**
 * The Amazon SP-API application of the test servers points at a look-alike on this port, which the specs of the seller
 * account start in turn (e2e/sp-api.helpers.ts: a spec waits while another holds the port).
 */
export const E2E_SP_API_PORT = port + 3;
const E2E_SP_API_URL = `http://127.0.0.1:${E2E_SP_API_PORT}`;

/**
 * The buyer's Qogita account of the test servers: their deal data is the demo's (MARKET_DATA=demo), but with
 * QOGITA_EMAIL/PASSWORD the buy list's watchlist sends go to that account (docs/buy-list.md), here a Qogita look-alike on
 * this port that buy-list-qogita.spec.ts starts (e2e/qogita.helpers.ts). No other spec sends to it.
 */
export const E2E_QOGITA_PORT = port + 4;

const serverEnv = (serverPort: number, dataDir: string) => ({
  ...SERVER_ENV,
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: E2E_WEB_DIR,
  APP_URL: `http://127.0.0.1:${serverPort}`,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ENABLED: 'false',
  SP_API_CLIENT_ID: 'amzn1.application-oa2-client.test',
  SP_API_CLIENT_SECRET: 'test-client-secret-do-not-log',
  SP_API_LWA_URL: `${E2E_SP_API_URL}/auth/o2/token`,
  SP_API_BASE_URL_EU: E2E_SP_API_URL,
  SP_API_BASE_URL_NA: E2E_SP_API_URL,
  SP_API_APPLICATION_ID: 'amzn1.sp.solution.e2e',
  SP_API_CONSENT_URL_EU: E2E_SP_API_URL,
  SP_API_CONSENT_URL_NA: E2E_SP_API_URL,
  QOGITA_EMAIL: FAKE_QOGITA_EMAIL,
  QOGITA_PASSWORD: FAKE_QOGITA_PASSWORD,
  QOGITA_BASE_URL: `http://127.0.0.1:${E2E_QOGITA_PORT}`,
});

/** Specs that change state other specs read (see `projects` below). */
const SHARED_STATE_SPECS = [
  'alerts.spec.ts', // price refresh
  'dashboard.spec.ts', // price refresh
  'price-alerts.spec.ts', // price refresh
  'screen-details.spec.ts', // reads the price drops the refreshes change
  'mappings.spec.ts', // global EAN-ASIN mappings
  'market-data.spec.ts', // imported Keepa data for everybody
  'shell.spec.ts', // the admin's country, the users list filters
  'users-admin.spec.ts', // edits, deactivates and deletes users; the users list
  'csv-template-analyzer.spec.ts', // the admin's CSV scan history and queue
  'supplier-files.spec.ts', // the admin's CSV scan history and queue
  'drop-listing-restrictions.spec.ts', // price refresh
  'drop-sales-estimate.spec.ts', // price refresh
  'buy-list-qogita.spec.ts', // price refresh
].map((file) => `**/${file}`);

/** The specs on the slow server (E2E_SLOW_URL). */
const SLOW_SERVER_SPECS = ['**/slow-scans.spec.ts'];

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three workers, a file at a time each. The specs that change what every user sees (price refreshes, global mappings,
  // imported market data, the admin's own settings and the users list, the admin's CSV scan history) run one after
  // another on one worker ('shared-state'); slow-scans.spec.ts, on the slow server, mostly waits for its look-ups
  // (DEMO_LATENCY_MS) and has a worker of its own ('slow-server'); the specs that only touch their own users and data
  // ('isolated') take the rest. Both one-worker projects are listed first so they start at once: slow-scans.spec.ts
  // (about 110 s) last in line had the whole suite wait for it. A new spec that changes shared state belongs in
  // SHARED_STATE_SPECS.
  workers: 3,
  projects: [
    { name: 'slow-server', testMatch: SLOW_SERVER_SPECS, workers: 1 },
    { name: 'shared-state', testMatch: SHARED_STATE_SPECS, workers: 1 },
    { name: 'isolated', testIgnore: [...SHARED_STATE_SPECS, ...SLOW_SERVER_SPECS] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: path.join('test-results', `port-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every frame of the page (screenshots and DOM snapshots) and doubled the browser's CPU: it is
    // recorded only when a failed test is retried (CI). Locally a failure leaves a screenshot and the page's
    // error-context; run with `--trace on` to record one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // Start-up limit 240 s: the first server builds the web app (with its brotli/gzip copies) and the server bundle, then
  // creates a database; on a busy shared machine that took over 120 s. Playwright starts these one after another (each waits for its url before the next starts), so the slow server
  // serves the web build and runs the server bundle the first one just made. The server runs as `npm start` runs it.
  webServer: [
    {
      command: `rm -rf ${E2E_DATA_DIR} && npx vite build apps/web --outDir ${E2E_WEB_DIR} --emptyOutDir --logLevel warn && node --import tsx apps/server/build.ts ${E2E_SERVER_DIR} && node ${SERVER_NODE_FLAGS.join(' ')} ${E2E_SERVER_DIR}/main.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(port, E2E_DATA_DIR),
    },
    {
      command: `rm -rf ${E2E_SLOW_DATA_DIR} && test -f ${E2E_WEB_DIR}/index.html && node ${SERVER_NODE_FLAGS.join(' ')} ${E2E_SERVER_DIR}/main.js`,
      url: `${E2E_SLOW_URL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv(E2E_SLOW_PORT, E2E_SLOW_DATA_DIR), DEMO_LATENCY_MS: String(E2E_SLOW_LATENCY_MS), RUN_SCHEDULER: 'false' },
    },
  ],
});
