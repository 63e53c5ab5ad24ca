import type { DsfRule, FeeRules, FeeVatRule, ReferralRule } from './fee-rules.ts';

/**
 * The fee rules of migration 0013 as test data for the hand-computed examples of profit.test.ts. The server test
 * fee-rules.test.ts checks that the migrated tables hold exactly these rows (so the examples test the real rules).
 */
const referral = (market: ReferralRule['market'], minimumFee: number): Omit<ReferralRule, 'id'> => ({
  market,
  category: 'beauty-health',
  categoryName: market === 'US' ? 'Beauty & Personal Care / Health & Household' : 'Beauty / Health & Personal Care',
  isDefault: true,
  effectiveFrom: '2019-06-01',
  lowRate: 0.08,
  highRate: 0.15,
  threshold: 1000,
  minimumFee,
  source: 'fixture',
});
const dsf = (sellerCountry: string, market: string, effectiveFrom: string, referralRate: number, fbaRate: number): Omit<DsfRule, 'id'> => ({
  sellerCountry,
  market,
  effectiveFrom,
  referralRate,
  fbaRate,
  source: 'fixture',
});
const vat = (sellerCountry: string, effectiveFrom: string, vatRate: number, amazonChargesLocalVat: boolean): Omit<FeeVatRule, 'id'> => ({
  sellerCountry,
  effectiveFrom,
  vatRate,
  amazonChargesLocalVat,
  source: 'fixture',
});
const withIds = <T>(rows: T[]) => rows.map((row, i) => ({ id: i + 1, ...row }));

const RATES: Record<string, number> = {
  DE: 0.19,
  UK: 0.2,
  FR: 0.2,
  IT: 0.22,
  ES: 0.21,
  NL: 0.21,
  PL: 0.23,
  BE: 0.21,
  SE: 0.25,
  AT: 0.2,
  IE: 0.23,
  US: 0,
  CA: 0,
};
const LOCAL_VAT_2024 = ['DE', 'UK', 'FR', 'IT', 'ES', 'NL', 'PL', 'BE', 'SE'];

export const FEE_RULES_0013: FeeRules = {
  referral: withIds([
    referral('DE', 30),
    referral('FR', 30),
    referral('IT', 30),
    referral('ES', 30),
    referral('UK', 25),
    referral('US', 30),
    referral('CA', 30),
  ]),
  dsf: withIds([
    dsf('UK', '*', '2024-10-01', 0.02, 0.02),
    dsf('FR', '*', '2024-10-01', 0.03, 0.03),
    dsf('IT', '*', '2024-10-01', 0.03, 0.03),
    dsf('ES', '*', '2024-10-01', 0.03, 0.03),
    dsf('CA', '*', '2024-10-01', 0.03, 0.03),
    dsf('*', 'UK', '2024-10-01', 0.02, 0.02),
    dsf('*', 'FR', '2024-10-01', 0.02, 0.02),
    dsf('*', 'IT', '2024-10-01', 0.02, 0),
    dsf('*', 'ES', '2024-10-01', 0.02, 0),
    dsf('*', 'CA', '2024-10-01', 0.02, 0),
    dsf('*', 'FR', '2026-03-20', 0.03, 0.03),
    dsf('*', 'IT', '2026-03-20', 0.03, 0),
    dsf('*', 'ES', '2026-03-20', 0.03, 0),
  ]),
  feeVat: withIds([
    ...Object.entries(RATES).map(([country, rate]) => vat(country, '2015-01-01', rate, false)),
    ...LOCAL_VAT_2024.map((country) => vat(country, '2024-08-01', RATES[country]!, true)),
  ]),
};
