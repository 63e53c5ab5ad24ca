import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionStatusSchema } from '@dealradar/shared/contracts/plans';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /organization/subscription-status: plan fields and this month's / today's usage of the user's organization. */
export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: ['organization', 'subscription-status'],
  queryFn: () => apiRequest('/organization/subscription-status', { schema: subscriptionStatusSchema, silent403: true }),
  // Always asked again when a plans screen opens: its answer also brings a refreshed token after a plan change.
  staleTime: 0,
});

export function useSubscriptionStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions, refetchInterval: options.refetchInterval });
}
