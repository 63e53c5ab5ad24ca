import { feeRulesInForce, ruleDate, type FeeRules, type SellerProfile } from '@dealradar/shared/fee-rules';
import type { AmazonFeeParts } from '@dealradar/shared/profit';
import type { Db } from '../../db/client.ts';
import { findSellerProfile } from '../settings/settings.service.ts';
import { findAllFeeRules } from './fee-rules.repository.ts';
import { chosenAmazonFees } from '../seller-account/amazon-fee-choices.ts';

/**
 * The fee rules the profit engine runs with: read from the database, kept for a minute per database
 * so a scan of thousands of rows does not re-read them; a migration's new rows are picked up at the next read.
 */
const TTL_MS = 60_000;
const cache = new WeakMap<Db, { at: number; rules: Promise<FeeRules> }>();

export function loadFeeRules(db: Db): Promise<FeeRules> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rules;
  const rules = findAllFeeRules(db);
  cache.set(db, { at: Date.now(), rules });
  rules.catch(() => cache.delete(db));
  return rules;
}

/** Drops the cached rules (after rules were added at run time, e.g. in tests). */
export function forgetFeeRules(db: Db): void {
  cache.delete(db);
}

/** GET /market-data/fee-rules (admin): the rules in force on a date (default today) and every dated row. */
export async function feeRulesTable(db: Db, at: Date): Promise<{ date: string; inForce: FeeRules; all: FeeRules }> {
  const all = await loadFeeRules(db);
  return { date: ruleDate(at), inForce: feeRulesInForce(all, at), all };
}

/** What a deal's fees depend on besides the listing: who sells, the fee rules and the moment they are taken at. */
export interface ProfitTerms {
  seller: SellerProfile;
  /** Fee rules for `at` (loadProfitTerms keeps only the rows in force then; every dated row gives the same result). */
  rules: FeeRules;
  at: Date;
  /**
   * Amazon's fee estimates the user's organization chose over the fee rules, by `${asin}|${market}`
   * (seller-account/amazon-fees.repository.ts); the profit engine uses them for those listings.
   */
  amazonFees?: ReadonlyMap<string, AmazonFeeParts>;
}

/**
 * The profit terms of one user's deals computed now. The rules are narrowed to those in force at `at` once here, so the
 * thousands of profit-engine runs of a scan (and the up to 90 of each deal's stability) choose among those few rows
 * instead of re-scanning every dated row each time.
 */
export async function loadProfitTerms(db: Db, userId: string, at: Date): Promise<ProfitTerms> {
  const [profile, rules, amazonFees] = await Promise.all([findSellerProfile(db, userId), loadFeeRules(db), chosenAmazonFees(db, userId)]);
  return { seller: { country: profile.country, vatRegistered: profile.vatRegistered }, rules: feeRulesInForce(rules, at), at, amazonFees };
}
