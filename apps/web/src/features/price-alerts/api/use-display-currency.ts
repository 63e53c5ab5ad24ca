import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { onCountryChanged } from '../../../lib/country-events.ts';
import { primaryCountryQueryOptions } from '../../../lib/primary-country.ts';

/**
 * The display currency of the price-drop screens: from GET /user/settings/primary-country (default EUR;
 * a failure is only logged, SPEC §8). A 'countryChanged' event sets it and calls `onChange` (to reload).
 * Null while the country is still being asked: the screens show their loading state rather than euro amounts that
 * turn into pounds a moment later.
 */
export function useDisplayCurrency(onChange: () => void): string | null {
  const country = useQuery(primaryCountryQueryOptions);
  const [override, setOverride] = useState<string | null>(null);
  useEffect(() => {
    if (country.error) console.warn('Could not load the primary country', country.error);
  }, [country.error]);
  useEffect(
    () =>
      onCountryChanged((detail) => {
        setOverride(detail.currency);
        onChange();
      }),
    [onChange],
  );
  if (override) return override;
  if (country.isPending) return null;
  return country.data?.currency ?? 'EUR';
}
