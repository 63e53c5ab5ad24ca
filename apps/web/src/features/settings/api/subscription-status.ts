import { queryOptions } from '@tanstack/react-query';
import { subscriptionStatusSchema } from '@dealradar/shared/contracts/plans';
import { apiRequest } from '../../../lib/api-client.ts';

export type { SubscriptionStatus } from '@dealradar/shared/contracts/plans';

/** GET /organization/subscription-status (SPEC §3 "Subscription and usage"), for the usage bars and the ROI rule. */
export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: ['settings', 'subscription-status'],
  queryFn: () => apiRequest('/organization/subscription-status', { schema: subscriptionStatusSchema, silent403: true }),
  retry: false,
});
