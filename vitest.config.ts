import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'tools/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker process (each still builds its own app and database): the server's modules load
    // once per worker instead of once per file (docs/decisions/0018-test-suite-time.md). So a test file must leave nothing
    // behind: globals it stubs are restored in afterEach, servers, databases and timers it starts are closed.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['apps/server/test/global-setup.ts'],
  },
});
