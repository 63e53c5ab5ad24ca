import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';

/** `upgrade-insecure-requests` only for HTTPS (the browser side: apps/web/e2e/plain-http-host.spec.ts). */
describe('content security policy and plain HTTP', () => {
  const contexts: TestContext[] = [];
  const app = async (env: Record<string, string>) => {
    const ctx = await buildTestApp({ env });
    contexts.push(ctx);
    return ctx;
  };
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });
  const csp = async (ctx: TestContext, headers: Record<string, string> = {}) =>
    String(
      (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'dealradar.example.com:3000', ...headers } })).headers[
        'content-security-policy'
      ],
    );

  let auto: TestContext;
  beforeAll(async () => {
    auto = await app({ TRUST_PROXY: 'true' });
  });

  it('auto (the default): not over plain HTTP, yes behind an HTTPS proxy', async () => {
    expect(await csp(auto)).not.toContain('upgrade-insecure-requests');
    expect(await csp(auto)).toContain("script-src 'self'");
    expect(await csp(auto, { 'x-forwarded-proto': 'https' })).toMatch(/;upgrade-insecure-requests$/);
  });

  it('a forwarded protocol counts only from a trusted proxy', async () => {
    const direct = await app({});
    expect(await csp(direct, { 'x-forwarded-proto': 'https' })).not.toContain('upgrade-insecure-requests');
  });

  it('can be forced on or off', async () => {
    expect(await csp(await app({ UPGRADE_INSECURE_REQUESTS: 'true' }))).toContain('upgrade-insecure-requests');
    expect(await csp(await app({ UPGRADE_INSECURE_REQUESTS: 'false', TRUST_PROXY: 'true' }), { 'x-forwarded-proto': 'https' })).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});
