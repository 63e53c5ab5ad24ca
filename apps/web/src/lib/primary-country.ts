import { queryOptions } from '@tanstack/react-query';
import { primaryCountryResponseSchema } from '@dealradar/shared/contracts/account';
import { apiRequest } from './api-client.ts';

/** The user's region, read by the guards (region dialog), Settings and the price screens (display currency). */
export const primaryCountryQueryKey = ['user', 'primary-country'] as const;

/** GET /user/settings/primary-country: country (null until chosen), currency, currencySymbol. */
export const primaryCountryQueryOptions = queryOptions({
  queryKey: primaryCountryQueryKey,
  queryFn: () => apiRequest('/user/settings/primary-country', { schema: primaryCountryResponseSchema }),
  retry: false,
  staleTime: 60_000,
});
