import type { EanSample, TokenEstimate } from './market-data.types.ts';
import type { TokenAccount } from './providers/provider.types.ts';

/**
 * Expected Keepa tokens of a look-up (docs/market-data.md "Keepa tokens"). Keepa charges 1 token per returned product
 * and 2 more per product with `buybox`. The two-phase look-up pays the first phase for every new EAN (about one product
 * per code: some codes have none, a few have a multipack too) and a second look-up by ASIN with the buy box (1 + 2) for
 * the candidates, about 15 % of a typical list.
 */
export const EXPECTED_PRODUCTS_PER_NEW_EAN = 1;
export const EXPECTED_CANDIDATE_SHARE = 0.15;
export const BUY_BOX_LOOKUP_TOKENS = 3;
export const EXPECTED_TOKENS_PER_NEW_EAN = EXPECTED_PRODUCTS_PER_NEW_EAN + EXPECTED_CANDIDATE_SHARE * BUY_BOX_LOOKUP_TOKENS;

/** EANs of a list the token estimate looks at, at most (an even sample of longer lists). */
export const ESTIMATE_SAMPLE = 20_000;

/** The `count` distinct EANs `at(0)`…`at(count - 1)` as an estimate's sample: all of them, or an even spread. */
export function eanSample(count: number, at: (index: number) => string): EanSample {
  const size = Math.min(count, ESTIMATE_SAMPLE);
  const step = count / Math.max(1, size);
  return { count, sample: Array.from({ length: size }, (_, k) => at(Math.floor(k * step))) };
}

export function estimateTokens(input: { eans: number; complete: number; withoutBuyBox: number; account: TokenAccount }): TokenEstimate {
  const newEans = Math.max(0, input.eans - input.complete - input.withoutBuyBox);
  // EANs cached from a first phase are in the shared cache (the cost is that of the new EANs): their buy box
  // costs 3 tokens only if this list's price makes them a candidate, which is not known before the scan.
  const tokens = Math.ceil(newEans * EXPECTED_TOKENS_PER_NEW_EAN);
  return {
    eans: input.eans,
    newEans,
    withoutBuyBoxEans: input.withoutBuyBox,
    tokens,
    refillRate: input.account.refillRate,
    tokensLeft: input.account.tokensLeft,
    minutes: minutesFor(tokens, input.account),
  };
}

/** Minutes until `tokens` are there: what the balance does not cover, at the refill rate (null: rate unknown). */
export function minutesFor(tokens: number, account: TokenAccount): number | null {
  const missing = Math.max(0, tokens - Math.max(0, account.tokensLeft ?? 0)) + Math.max(0, -(account.tokensLeft ?? 0));
  if (missing === 0) return 0;
  if (!account.refillRate || account.refillRate <= 0) return null;
  return Math.ceil(missing / account.refillRate);
}
