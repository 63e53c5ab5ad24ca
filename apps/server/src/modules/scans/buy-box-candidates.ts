import { feeRulesInForce } from '@dealradar/shared/fee-rules';
import type { MarketId } from '@dealradar/shared/markets';
import type { ProfitTerms } from '../market-data/fee-rules.service.ts';
import type { ResolvedListing } from '../market-data/market-data.types.ts';
import { evaluateProduct, type DealInput } from './deal-calculator.ts';

/**
 * The second phase of the two-phase look-up (docs/market-data.md "Keepa tokens"): is a listing worth its buy box
 * (2 more Keepa tokens)? Yes when the product reaches the minimum ROI at some price up to the highest price Keepa
 * shows. Profit grows with the price except where a referral schedule steps up, so the prices tried are that highest
 * price and every schedule threshold below it (the last price with the lower rate).
 */
export function reachesMinRoiBelow(atHighest: ResolvedListing, input: Omit<DealInput, 'resolved'>, thresholds: number[]): boolean {
  const highest = atHighest.listing.buyBoxPrice;
  if (highest === null) return false; // Keepa shows no price: no buy box to sell against
  const prices = [highest, ...thresholds.filter((t) => t < highest)];
  return prices.some((price) => evaluateProduct({ ...input, resolved: { ...atHighest, listing: { ...atHighest.listing, buyBoxPrice: price } } }).isDeal);
}

/** Every referral threshold in force in the market (all categories: more prices tried never drops a deal). */
export function referralThresholds(terms: ProfitTerms, market: MarketId): number[] {
  const rules = feeRulesInForce(terms.rules, terms.at).referral.filter((r) => r.market === market);
  return [...new Set(rules.map((r) => r.threshold))];
}
