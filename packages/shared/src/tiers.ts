import { formatCount } from './number-format.ts';

/** Subscription tiers (SPEC §1, §3). */
export const TIER_NAMES = ['FREE', 'STARTER', 'GROWTH', 'PRO', 'prodtest'] as const;
export type TierName = (typeof TIER_NAMES)[number];
export const DEFAULT_TIER: TierName = 'FREE';
export const ADMIN_ONLY_TIER: TierName = 'prodtest';

/** Stored for "no limit" and shown as 'Unlimited'. */
export const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function formatLimit(value: number): string {
  return value >= UNLIMITED ? 'Unlimited' : formatCount(value);
}

/** Tiers that only see example data on the dashboard and price alerts (SPEC §6). */
export function isExampleDataTier(tier: string | null | undefined): boolean {
  return !tier || tier === 'FREE' || tier === 'STARTER';
}
