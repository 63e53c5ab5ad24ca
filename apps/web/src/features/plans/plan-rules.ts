import { ADMIN_ONLY_TIER, UNLIMITED, formatLimit } from '@dealradar/shared/tiers';

/** Pure display rules of the plans screens (tested in plan-rules.test.ts). */

export function formatEuro(price: number): string {
  return `€${price.toLocaleString('en-US', { minimumFractionDigits: price % 1 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** The admin-only plan is shown to admins only (the server also leaves it out for everyone else). */
export function visiblePlans<T extends { name: string }>(plans: readonly T[], isAdmin: boolean): T[] {
  return plans.filter((plan) => isAdmin || plan.name !== ADMIN_ONLY_TIER);
}

export function isLimitExhausted(used: number, limit: number): boolean {
  return limit < UNLIMITED && used >= limit;
}

export interface PlanFeatureSource {
  eanUploadLimit: number;
  qogitaBrandChecksPerDay: number;
  brandProfitabilityAnalysis: boolean;
  multiMarketProfitAnalysis: boolean;
  supportLevel: string;
  amazonListingFilterType: 'adjustable' | 'fixed';
  roiFilterValue: number;
  qogitaAccessLevel: 'full' | 'limited' | 'none';
}

const ACCESS_LABEL = { full: 'Full', limited: 'Limited', none: 'None' } as const;

/** The lines of a plan card: limits ('Unlimited' for the maximum safe integer) and features. */
export function planFeatureLines(plan: PlanFeatureSource): Array<{ label: string; value: string; included: boolean }> {
  const roiPercent = `${Math.round(plan.roiFilterValue * 1000) / 10}%`;
  return [
    { label: 'EAN uploads per month', value: formatLimit(plan.eanUploadLimit), included: plan.eanUploadLimit > 0 },
    {
      label: 'Wholesale brand checks per day',
      value: plan.qogitaAccessLevel === 'none' ? '0' : plan.qogitaAccessLevel === 'full' ? 'Unlimited' : formatLimit(plan.qogitaBrandChecksPerDay),
      included: plan.qogitaAccessLevel !== 'none',
    },
    { label: 'Wholesale access', value: ACCESS_LABEL[plan.qogitaAccessLevel], included: plan.qogitaAccessLevel !== 'none' },
    { label: 'Brand profitability analysis', value: plan.brandProfitabilityAnalysis ? 'Yes' : 'No', included: plan.brandProfitabilityAnalysis },
    { label: 'Multi-market profit analysis', value: plan.multiMarketProfitAnalysis ? 'Yes' : 'No', included: plan.multiMarketProfitAnalysis },
    {
      label: 'Minimum ROI filter',
      value: plan.amazonListingFilterType === 'adjustable' ? 'Adjustable' : `Fixed at ${roiPercent}`,
      included: plan.amazonListingFilterType === 'adjustable',
    },
    { label: 'Support', value: plan.supportLevel, included: true },
  ];
}

/** What the Subscription screen offers on a plan's card. */
export type PlanAction = 'current' | 'buy' | 'change' | 'none';

/**
 * Without a paid plan: 'Current Plan' on the current one and Buy Plan on the others (SPEC §2). On a paid plan: never a
 * second checkout — "Change to this plan" on the other sold plans; FREE is reached by cancelling (portal), not bought.
 */
export function planActionOf(plan: { name: string; checkoutUrl: string | null }, currentTier: string): PlanAction {
  if (plan.name === currentTier) return 'current';
  if (!plan.checkoutUrl) return 'none';
  return currentTier === 'FREE' ? 'buy' : 'change';
}

/** The lines that differ between two plans ("EAN uploads per month: Unlimited → 20,000"), for the change dialog. */
export function planDifferences(from: PlanFeatureSource, to: PlanFeatureSource): Array<{ label: string; from: string; to: string }> {
  const before = planFeatureLines(from);
  return planFeatureLines(to)
    .map((line, i) => ({ label: line.label, from: before[i]!.value, to: line.value }))
    .filter((line) => line.from !== line.to);
}

/** Why a paying user cannot change or manage the plan here (the server says the same when asked). */
export const BILLING_NOT_CONFIGURED_TEXT =
  'Billing is not configured on this server, so plan changes and the customer portal are not available here. Please contact DealRadar support to change or cancel your plan.';
export const NO_PADDLE_SUBSCRIPTION_TEXT =
  'Your plan was set by DealRadar support, not bought through Paddle, so there is no subscription to change or manage here. Please contact DealRadar support.';
