/** The referral code sent as affiliateId at registration (SPEC §1): trimmed; empty means none. */
export function normalizeAffiliateId(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
