import { queryOptions } from '@tanstack/react-query';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { endpointQuery } from './endpoint-query.ts';

/**
 * GET /user/settings/primary-country: country (null until chosen), currency, currencySymbol. The user's region, read by
 * the guards (region dialog), Settings and the price screens (display currency).
 */
export const primaryCountryQueryOptions = queryOptions({
  ...endpointQuery(settingsApi.primaryCountry),
  retry: false,
  staleTime: 60_000,
});
