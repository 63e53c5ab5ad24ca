import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '@dealradar/shared/tiers';
import { formatEuro, isLimitExhausted, planFeatureLines, visiblePlans } from './plan-rules.ts';

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
});
