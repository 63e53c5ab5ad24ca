import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium against the real server on a throwaway embedded database. */
const port = Number(process.env.E2E_PORT ?? 3101);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `dealradar-e2e-${port}`);
const E2E_WEB_DIR = path.join(E2E_DATA_DIR + '-web');
export const E2E_ADMIN = { username: 'admin', email: 'admin@dealradar.test', password: 'admin-password-123' };

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: path.join('test-results', `port-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npx vite build apps/web --outDir ${E2E_WEB_DIR} --emptyOutDir --logLevel warn && node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      WEB_DIST_DIR: E2E_WEB_DIR,
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
    },
  },
});
