import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { regionCurrency, type ADMIN_COUNTRY_BUTTONS, type PrimaryCountry } from '@dealradar/shared/regions';
import { callEndpoint } from '../../../lib/api-client.ts';
import { broadcastCountryChanged } from '../../../lib/country-events.ts';
import { primaryCountryQueryOptions } from '../../../lib/primary-country.ts';

export { primaryCountryQueryOptions } from '../../../lib/primary-country.ts';

type AdminCountry = (typeof ADMIN_COUNTRY_BUTTONS)[number];

/** What a country change answers: the new region (the admin's country buttons answer only a message). */
type CountryAnswer = { country?: string; currency?: string; currencySymbol?: string; message?: string };

function useCountryChange<Code extends string>(send: (countryCode: Code) => Promise<CountryAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (countryCode: Code) => {
      const answer = await send(countryCode);
      const fallback = regionCurrency(countryCode);
      return {
        country: answer.country ?? countryCode,
        currency: answer.currency ?? fallback.currency,
        currencySymbol: answer.currencySymbol ?? fallback.currencySymbol,
        message: answer.message,
      };
    },
    onSuccess: ({ country, currency, currencySymbol }) => {
      queryClient.setQueryData(primaryCountryQueryOptions.queryKey, { country, currency, currencySymbol });
      broadcastCountryChanged({ country, currency, currencySymbol });
    },
  });
}

/** The region dialog: POST /auth/select-country { countryCode }. */
export function useSelectCountry() {
  return useCountryChange((countryCode: PrimaryCountry) => callEndpoint(authApi.selectCountry, { body: { countryCode } }));
}

/** Settings' primary business country: POST /user/settings/primary-country { countryCode }. */
export function useUpdatePrimaryCountry() {
  return useCountryChange((countryCode: PrimaryCountry) => callEndpoint(settingsApi.setPrimaryCountry, { body: { countryCode } }));
}

/** Admin-only country buttons: POST /user/settings/country/{code}; answers a message. */
export function useSetAdminCountry() {
  return useCountryChange((code: AdminCountry) => callEndpoint(settingsApi.adminCountry, { params: { code } }));
}
