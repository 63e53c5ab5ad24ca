/** Primary business country (SPEC §4 Region): UK, or continental Europe which is stored as DE. */
export const PRIMARY_COUNTRIES = ['UK', 'DE', 'FR', 'IT', 'ES'] as const;
export type PrimaryCountry = (typeof PRIMARY_COUNTRIES)[number];

/** Countries an admin may switch to with the Settings buttons (SPEC §2 Settings). */
export const ADMIN_COUNTRY_BUTTONS = ['UK', 'DE', 'IT', 'ES', 'FR'] as const;

export function regionCurrency(country: string | null | undefined): { currency: 'GBP' | 'EUR'; currencySymbol: '£' | '€' } {
  return country === 'UK' ? { currency: 'GBP', currencySymbol: '£' } : { currency: 'EUR', currencySymbol: '€' };
}

/** Server values DE, FR, IT or ES display as continental Europe. */
export function regionOfCountry(country: string | null | undefined): 'UK' | 'EU' | null {
  if (country === 'UK') return 'UK';
  if (country === 'DE' || country === 'FR' || country === 'IT' || country === 'ES') return 'EU';
  return null;
}
