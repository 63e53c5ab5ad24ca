import type { TestContext } from '../build-test-app.ts';
import { GOOD_TOKEN } from './fake-sp-api.ts';

/** Connects the user's organization to the SP-API look-alike through the self-authorized form's call. */
export async function connectSeller(ctx: TestContext, headers: Record<string, string>, refreshToken = GOOD_TOKEN): Promise<void> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/seller-account',
    headers,
    payload: { refreshToken, merchantId: 'A1SELLER', region: 'EU' },
  });
  if (res.statusCode !== 200) throw new Error(`connecting the seller account failed (${res.statusCode}): ${res.body}`);
}
