import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { primaryCountryUpdateResponseSchema } from '@dealradar/shared/contracts/account';
import { regionCurrency } from '@dealradar/shared/regions';
import { apiRequest } from '../../../lib/api-client.ts';
import { broadcastCountryChanged } from '../../../lib/country-events.ts';
import { primaryCountryQueryKey } from '../../../lib/primary-country.ts';

export { primaryCountryQueryKey, primaryCountryQueryOptions } from '../../../lib/primary-country.ts';

// The select-country answer is not fixed by the spec: take what it gives, fill the rest from the region.
const selectCountryAnswerSchema = z
  .object({ country: z.string().optional(), currency: z.string().optional(), currencySymbol: z.string().optional(), message: z.string().optional() })
  .passthrough()
  .nullish();

function useCountryChange(
  send: (countryCode: string) => Promise<{ country?: string; currency?: string; currencySymbol?: string; message?: string } | null | undefined>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (countryCode: string) => {
      const answer = await send(countryCode);
      const fallback = regionCurrency(countryCode);
      return {
        country: answer?.country ?? countryCode,
        currency: answer?.currency ?? fallback.currency,
        currencySymbol: answer?.currencySymbol ?? fallback.currencySymbol,
        message: answer?.message,
      };
    },
    onSuccess: ({ country, currency, currencySymbol }) => {
      queryClient.setQueryData(primaryCountryQueryKey, { country, currency, currencySymbol });
      broadcastCountryChanged({ country, currency, currencySymbol });
    },
  });
}

/** The region dialog: POST /auth/select-country { countryCode }. */
export function useSelectCountry() {
  return useCountryChange((countryCode) => apiRequest('/auth/select-country', { method: 'POST', body: { countryCode }, schema: selectCountryAnswerSchema }));
}

/** Settings' primary business country: POST /user/settings/primary-country { countryCode }. */
export function useUpdatePrimaryCountry() {
  return useCountryChange((countryCode) =>
    apiRequest('/user/settings/primary-country', { method: 'POST', body: { countryCode }, schema: primaryCountryUpdateResponseSchema }),
  );
}

/** Admin-only country buttons: POST /user/settings/country/{code}; answers a message. */
export function useSetAdminCountry() {
  return useCountryChange((countryCode) =>
    apiRequest(`/user/settings/country/${encodeURIComponent(countryCode)}`, { method: 'POST', schema: selectCountryAnswerSchema }),
  );
}
