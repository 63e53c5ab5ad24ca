import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionTiersSchema } from '@dealradar/shared/contracts/plans';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /subscription-tiers: the plans the user may see (the server hides prodtest from non-admins). */
export const subscriptionTiersQueryOptions = queryOptions({
  queryKey: ['subscription-tiers'],
  queryFn: () => apiRequest('/subscription-tiers', { schema: subscriptionTiersSchema }),
  staleTime: 60_000,
});

export function useSubscriptionTiers() {
  return useQuery(subscriptionTiersQueryOptions);
}
