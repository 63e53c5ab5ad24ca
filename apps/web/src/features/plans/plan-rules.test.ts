import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '@dealradar/shared/tiers';
import { formatEuro, isLimitExhausted, planActionOf, planDifferences, planFeatureLines, visiblePlans } from './plan-rules.ts';

describe('plan display rules', () => {
  it('formats euro prices', () => {
    expect(formatEuro(0)).toBe('€0');
    expect(formatEuro(49)).toBe('€49');
    expect(formatEuro(9.5)).toBe('€9.50');
  });

  it('hides prodtest from non-admins', () => {
    const plans = [{ name: 'FREE' }, { name: 'PRO' }, { name: 'prodtest' }];
    expect(visiblePlans(plans, false).map((p) => p.name)).toEqual(['FREE', 'PRO']);
    expect(visiblePlans(plans, true).map((p) => p.name)).toEqual(['FREE', 'PRO', 'prodtest']);
  });

  it('treats the maximum safe integer as never exhausted', () => {
    expect(isLimitExhausted(100, 100)).toBe(true);
    expect(isLimitExhausted(99, 100)).toBe(false);
    expect(isLimitExhausted(UNLIMITED, UNLIMITED)).toBe(false);
  });

  it('shows Unlimited limits and the fixed ROI', () => {
    const lines = planFeatureLines({
      eanUploadLimit: UNLIMITED,
      qogitaBrandChecksPerDay: UNLIMITED,
      brandProfitabilityAnalysis: true,
      multiMarketProfitAnalysis: false,
      supportLevel: 'Email',
      amazonListingFilterType: 'fixed',
      roiFilterValue: 0.2,
      qogitaAccessLevel: 'limited',
    });
    expect(lines.find((l) => l.label === 'EAN uploads per month')?.value).toBe('Unlimited');
    expect(lines.find((l) => l.label === 'Minimum ROI filter')?.value).toBe('Fixed at 20%');
    expect(lines.find((l) => l.label === 'Wholesale brand checks per day')?.value).toBe('Unlimited');
  });

  it('offers no second checkout on a paid plan: Change on the other sold plans, nothing on FREE', () => {
    const plan = (name: string) => ({ name, checkoutUrl: name === 'FREE' ? null : `https://checkout.test/?price_id=${name}` });
    expect(['FREE', 'STARTER', 'GROWTH', 'PRO'].map((n) => planActionOf(plan(n), 'FREE'))).toEqual(['current', 'buy', 'buy', 'buy']);
    expect(['FREE', 'STARTER', 'GROWTH', 'PRO'].map((n) => planActionOf(plan(n), 'PRO'))).toEqual(['none', 'change', 'change', 'current']);
  });

  it('lists what a plan change changes', () => {
    const base = {
      qogitaBrandChecksPerDay: 50,
      brandProfitabilityAnalysis: true,
      multiMarketProfitAnalysis: true,
      supportLevel: 'Dedicated',
      amazonListingFilterType: 'adjustable' as const,
      roiFilterValue: 0.1,
      qogitaAccessLevel: 'full' as const,
    };
    expect(planDifferences({ ...base, eanUploadLimit: UNLIMITED }, { ...base, eanUploadLimit: 20000, supportLevel: 'Priority email' })).toEqual([
      { label: 'EAN uploads per month', from: 'Unlimited', to: '20,000' },
      { label: 'Support', from: 'Dedicated', to: 'Priority email' },
    ]);
  });
});
