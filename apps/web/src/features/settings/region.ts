/** Region dialog rules (SPEC §4 Region, §5), shared by the dialog and the Settings select. */
export type RegionChoice = 'UK' | 'EU';

export const REGION_OPTIONS: ReadonlyArray<{ value: RegionChoice; label: string; description: string }> = [
  { value: 'UK', label: 'United Kingdom', description: 'Prices and profits in GBP (£)' },
  { value: 'EU', label: 'Continental Europe', description: 'Prices and profits in EUR (€)' },
];

/** The country code sent for a choice: UK sends UK, continental Europe sends DE. */
export function countryCodeOfRegion(choice: RegionChoice): 'UK' | 'DE' {
  return choice === 'UK' ? 'UK' : 'DE';
}

/** 'Please select a region' without a choice; 'Invalid selection' for anything but UK or continental Europe. */
export function validateRegionChoice(value: string | null | undefined): { ok: true; countryCode: 'UK' | 'DE' } | { ok: false; error: string } {
  if (!value) return { ok: false, error: 'Please select a region' };
  if (value !== 'UK' && value !== 'EU') return { ok: false, error: 'Invalid selection' };
  return { ok: true, countryCode: countryCodeOfRegion(value) };
}
