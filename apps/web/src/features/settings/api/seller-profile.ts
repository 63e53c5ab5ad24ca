import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sellerProfileSchema } from '@dealradar/shared/contracts/account';
import type { SellerProfile } from '@dealradar/shared/fee-rules';
import { apiRequest } from '../../../lib/api-client.ts';

export const sellerProfileQueryOptions = queryOptions({
  queryKey: ['user', 'seller-profile'],
  queryFn: () => apiRequest('/user/settings/seller-profile', { schema: sellerProfileSchema }),
});

/** PUT /user/settings/seller-profile { country, vatRegistered }. */
export function useSaveSellerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: SellerProfile) => apiRequest('/user/settings/seller-profile', { method: 'PUT', body: profile, schema: sellerProfileSchema }),
    onSuccess: (answer) => queryClient.setQueryData(sellerProfileQueryOptions.queryKey, answer),
  });
}
