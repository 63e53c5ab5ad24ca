import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /organization/subscription-status (SPEC §3 "Subscription and usage"). The plans area owns the endpoint;
 * this reads only the fields Settings shows and tolerates extra ones.
 */
export const subscriptionStatusSchema = z
  .object({
    tier: z.string(),
    eanUploadsThisMonth: z.number(),
    eanUploadLimit: z.number(),
    qogitaBrandChecksToday: z.number(),
    qogitaBrandChecksPerDay: z.number(),
    amazonListingFilterType: z.enum(['adjustable', 'fixed']),
    roiFilterValue: z.number(),
  })
  .passthrough();
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: ['settings', 'subscription-status'],
  queryFn: () => apiRequest('/organization/subscription-status', { schema: subscriptionStatusSchema, silent403: true }),
  retry: false,
});
