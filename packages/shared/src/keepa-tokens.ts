import { z } from 'zod';
import { fileChecksSchema } from './ean-checks.ts';
import { formatCount } from './number-format.ts';

/**
 * Keepa tokens as the screens show them (docs/market-data.md "Keepa tokens").
 * The expected cost before a scan, and during it what was spent, what is left and whether it waits for tokens.
 */
export const tokenEstimateSchema = z.object({
  /** Distinct valid EANs of the list. */
  eans: z.number().int(),
  /** EANs the shared cache has no fresh entry for (they go to Keepa). */
  newEans: z.number().int(),
  tokens: z.number().int(),
  /** Tokens per minute of the Keepa account; null when unknown. */
  refillRate: z.number().nullable(),
  tokensLeft: z.number().nullable(),
  /** Minutes until the tokens are there; null when the refill rate is unknown. */
  minutes: z.number().nullable(),
  /** The sentence the screens show. */
  text: z.string(),
  /**
   * Markets the estimate counts (absent: 1). An all-markets scan looks every EAN up in the seven markets and
   * Keepa charges per market: newEans then counts EAN-market look-ups, eans the distinct EANs.
   */
  markets: z.number().int().optional(),
  /**
   * What the file's EAN column holds: usable EANs (the plan's allowance is spent on them) and the
   * damaged codes by problem, so the mapping dialog warns before Confirm (@dealradar/shared/ean-checks).
   */
  checks: fileChecksSchema.optional(),
});
export type TokenEstimateAnswer = z.infer<typeof tokenEstimateSchema>;

export const scanTokensSchema = z.object({
  /** Expected before the scan started (null: not estimated). */
  estimated: z.number().int().nullable(),
  /** Spent so far, as Keepa's answers reported (tokensConsumed). */
  spent: z.number().int(),
  refillRate: z.number().nullable(),
  tokensLeft: z.number().nullable(),
  /** Minutes until the rest of the expected tokens are there (null: unknown or ended). */
  minutesRemaining: z.number().nullable(),
  /** Set while the scan waits for Keepa tokens: until when and why. */
  waitingUntil: z.string().nullable(),
  waitingReason: z.string().nullable(),
});
export type ScanTokens = z.infer<typeof scanTokensSchema>;

/** "2 h 50 min", "45 min", "under a minute". */
export function formatMinutes(minutes: number): string {
  const whole = Math.ceil(minutes);
  if (whole <= 0) return 'under a minute';
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const tokenCount = (n: number) => `${formatCount(Math.round(n))} Keepa token${Math.round(n) === 1 ? '' : 's'}`;

/** "about 3,400 Keepa tokens, about 2 h 50 min at 20 tokens/min" (no new EANs: "no Keepa tokens (…)"). */
export function describeTokenCost(estimate: { tokens: number; minutes: number | null; refillRate: number | null; newEans: number }): string {
  if (estimate.tokens === 0) return estimate.newEans === 0 ? 'no Keepa tokens (every EAN is in the shared cache)' : 'no Keepa tokens';
  const cost = `about ${tokenCount(estimate.tokens)}`;
  if (estimate.refillRate === null || estimate.minutes === null) return `${cost} (refill rate unknown)`;
  const rate = `${formatCount(estimate.refillRate)} tokens/min`;
  if (estimate.minutes === 0) return `${cost}, available now at ${rate}`;
  return `${cost}, about ${formatMinutes(estimate.minutes)} at ${rate}`;
}

/**
 * Why a scan's spend differs from its estimate ("499 spent of about 340", "3 spent of about 0"), from what
 * the engine really does (docs/market-data.md "Keepa tokens"): the estimate is 1 token per EAN without a fresh cache
 * entry plus the buy box (3 tokens) for about 15 % of them; EANs cached from an earlier scan's first phase count as
 * cached but cost 3 tokens when this list's price makes them a possible deal; entries can expire before the scan
 * reaches them; codes Keepa does not know cost nothing. Null when spend and estimate agree (within 10 %, or 2 tokens),
 * and while a scan runs unless it already spent more.
 */
export function spendVersusEstimate(tokens: { estimated: number | null; spent: number }, running: boolean): string | null {
  const { estimated, spent } = tokens;
  if (estimated === null) return null;
  const diff = spent - estimated;
  if (Math.abs(diff) <= Math.max(2, estimated * 0.1)) return null;
  if (diff > 0) {
    if (estimated === 0) {
      return 'The estimate was 0 because every EAN was in the shared cache; tokens went to buy boxes the cached entries did not have yet (3 tokens per possible deal) and to entries that expired before the scan reached them.';
    }
    return 'More than estimated: the estimate counts 1 token per EAN not in the shared cache and the buy box (3 tokens) for about 15 % of them. This list had more possible deals needing the buy box, EANs cached by an earlier scan without the buy box needed it, or cache entries expired before the scan reached them.';
  }
  if (running) return null;
  return 'Less than estimated: codes Amazon does not know cost nothing, fewer EANs than expected were possible deals needing the buy box, other scans put EANs into the shared cache meanwhile, or the scan ended early.';
}
