import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /subscription-tiers: the plans the user may see (the server hides prodtest from non-admins). */
export const subscriptionTiersQueryOptions = queryOptions({
  ...endpointQuery(plansApi.tiers),
  staleTime: 60_000,
});

export function useSubscriptionTiers() {
  return useQuery(subscriptionTiersQueryOptions);
}
