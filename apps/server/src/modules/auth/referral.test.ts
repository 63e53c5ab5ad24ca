import { describe, expect, it } from 'vitest';
import { normalizeAffiliateId } from './referral.ts';

describe('referral code at registration', () => {
  it('keeps a code, trimmed', () => {
    expect(normalizeAffiliateId('  partner-7 ')).toBe('partner-7');
  });
  it('treats missing, null and blank as no referral', () => {
    expect(normalizeAffiliateId(undefined)).toBeNull();
    expect(normalizeAffiliateId(null)).toBeNull();
    expect(normalizeAffiliateId('   ')).toBeNull();
  });
});
