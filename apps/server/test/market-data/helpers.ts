import { loadConfig, type Config } from '../../src/config/env.ts';
import type { DbHandle } from '../../src/db/client.ts';
import { TestClock } from '../../src/lib/clock.ts';
import type { RetailProvider } from '../../src/modules/market-data/providers/provider.types.ts';
import { openTestDatabase } from '../db-template.ts';
import { silentLogger } from '../../src/lib/logger.ts';

export const silentLog = silentLogger();

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: '/tmp/dealradar-test-data', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', ...env });
}

export async function openDb(): Promise<{ handle: DbHandle; clock: TestClock }> {
  return { handle: await openTestDatabase(), clock: new TestClock('2026-11-20T10:00:00Z') };
}

/** Wraps a provider and counts every upstream call and every code it was asked for. */
export function countingProvider(inner: RetailProvider) {
  const calls = { eanRequests: 0, asinRequests: 0, codes: [] as string[] };
  const provider: RetailProvider = {
    name: inner.name,
    isDemo: inner.isDemo,
    batchSize: inner.batchSize,
    async lookupEans(eans, market, signal) {
      calls.eanRequests += 1;
      calls.codes.push(...eans);
      await new Promise((r) => setTimeout(r, 5));
      return inner.lookupEans(eans, market, signal);
    },
    async lookupAsins(asins, market, signal) {
      calls.asinRequests += 1;
      return inner.lookupAsins(asins, market, signal);
    },
  };
  return { provider, calls };
}
