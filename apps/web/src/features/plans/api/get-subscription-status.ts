import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * GET /organization/subscription-status: plan fields and this month's / today's usage of the user's organization. The
 * one hook of this call; the analyzers invalidate it with queryKeyOf(plansApi.subscriptionStatus) after a scan.
 */
export const subscriptionStatusQueryOptions = queryOptions({
  ...endpointQuery(plansApi.subscriptionStatus, { silent403: true }),
  // Always asked again when a plans screen opens: its answer also brings a refreshed token after a plan change.
  staleTime: 0,
});

export function useSubscriptionStatus(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions, refetchInterval: options.refetchInterval });
}
