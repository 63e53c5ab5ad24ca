import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import type { SellerProfile } from '@dealradar/shared/fee-rules';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export const sellerProfileQueryOptions = queryOptions(endpointQuery(settingsApi.sellerProfile));

/** PUT /user/settings/seller-profile { country, vatRegistered }. */
export function useSaveSellerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: SellerProfile) => callEndpoint(settingsApi.updateSellerProfile, { body: profile }),
    onSuccess: (answer) => queryClient.setQueryData(sellerProfileQueryOptions.queryKey, answer),
  });
}
