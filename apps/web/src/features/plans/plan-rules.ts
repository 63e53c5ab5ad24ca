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
