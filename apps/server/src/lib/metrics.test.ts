import { describe, expect, it } from 'vitest';
import { countUpstreamCall, keepaRefillRate, keepaTokensLeft, upstreamCalls, upstreamErrors, type UpstreamProvider } from './metrics.ts';
import { createKeepaProvider } from '../modules/market-data/providers/keepa/keepa-client.ts';
import { createQogitaProvider } from '../modules/market-data/providers/qogita/qogita-client.ts';

const quiet = { warn: () => undefined, error: () => undefined };

async function counted(provider: UpstreamProvider): Promise<{ calls: number; errors: number }> {
  const calls = (await upstreamCalls.get()).values.find((v) => v.labels.provider === provider)?.value ?? 0;
  const errors = (await upstreamErrors.get()).values.find((v) => v.labels.provider === provider)?.value ?? 0;
  return { calls, errors };
}

describe('upstream call metrics', () => {
  it('counts every call, and as errors the answers from 400 up and the calls that got no answer', async () => {
    const before = await counted('sp-api');
    await countUpstreamCall('sp-api', async () => new Response('{}', { status: 200 }));
    await countUpstreamCall('sp-api', async () => new Response('{}', { status: 503 }));
    await expect(countUpstreamCall('sp-api', () => Promise.reject(new Error('ECONNREFUSED')))).rejects.toThrow('ECONNREFUSED');
    const after = await counted('sp-api');
    expect(after.calls - before.calls).toBe(3);
    expect(after.errors - before.errors).toBe(2);
  });

  it('counts the Keepa client’s calls and keeps the last token balance and refill rate it was told', async () => {
    const before = await counted('keepa');
    const keepa = createKeepaProvider({
      apiKey: 'k',
      baseUrl: 'http://keepa.test',
      now: () => new Date(),
      log: quiet,
      fetchImpl: async () => new Response(JSON.stringify({ tokensLeft: 1234, refillRate: 20, refillIn: 1000 }), { status: 200 }),
    });
    await keepa.tokenAccount!();
    const after = await counted('keepa');
    expect(after.calls - before.calls).toBe(1);
    expect(after.errors - before.errors).toBe(0);
    expect((await keepaTokensLeft.get()).values).toEqual([{ labels: { provider: 'keepa' }, value: 1234 }]);
    expect((await keepaRefillRate.get()).values).toEqual([{ labels: { provider: 'keepa' }, value: 20 }]);
  });

  it('counts the Qogita client’s calls and its refused ones', async () => {
    const before = await counted('qogita');
    const qogita = createQogitaProvider({
      email: 'buyer@example.com',
      password: 'wrong',
      baseUrl: 'http://qogita.test',
      log: quiet,
      maxRetries: 0,
      fetchImpl: async () => new Response(JSON.stringify({ detail: 'bad credentials' }), { status: 401 }),
    });
    await expect(qogita.listBrands!()).rejects.toThrow();
    const after = await counted('qogita');
    expect(after.calls - before.calls).toBeGreaterThanOrEqual(1);
    expect(after.errors - before.errors).toBe(after.calls - before.calls);
  });
});
