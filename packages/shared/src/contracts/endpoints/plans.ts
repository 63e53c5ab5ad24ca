import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  paddleEventSchema,
  setCheckoutIdBodySchema,
  setSubscriptionTierBodySchema,
  setSubscriptionTierResponseSchema,
  setUsageBodySchema,
  subscriptionStatusSchema,
  subscriptionTiersSchema,
} from '../plans.ts';

const tag = 'plans';

/** SPEC §7 subscription status and tiers, the admin's plan tools and the Paddle webhook (docs/plans.md). */
export const plansApi = {
  subscriptionStatus: endpoint({
    method: 'GET',
    path: '/organization/subscription-status',
    access: 'user',
    tag,
    summary: "The organization's plan, its limits and this period's usage.",
    responses: { 200: subscriptionStatusSchema },
  }),
  tiers: endpoint({
    method: 'GET',
    path: '/subscription-tiers',
    access: 'user',
    tag,
    summary: 'Every plan with its price and limits (and a checkout address for the caller).',
    responses: { 200: subscriptionTiersSchema },
  }),
  setOrganizationTier: endpoint({
    method: 'PUT',
    path: '/admin/organizations/:organizationId/subscription-tier',
    access: 'admin',
    tag,
    summary: "Set an organization's plan.",
    params: z.object({ organizationId: z.string() }),
    body: setSubscriptionTierBodySchema,
    responses: { 200: setSubscriptionTierResponseSchema },
  }),
  setUserTier: endpoint({
    method: 'PUT',
    path: '/admin/users/:userId/subscription-tier',
    access: 'admin',
    tag,
    summary: "Set the plan of a user's organization.",
    params: z.object({ userId: z.string() }),
    body: setSubscriptionTierBodySchema,
    responses: { 200: setSubscriptionTierResponseSchema },
  }),
  setUsage: endpoint({
    method: 'PUT',
    path: '/admin/users/:userId/usage',
    access: 'admin',
    tag,
    summary: "Correct this month's EAN uploads or today's brand checks of a user's organization.",
    params: z.object({ userId: z.string() }),
    body: setUsageBodySchema,
    responses: { 200: z.object({ eanUploadsThisMonth: z.number(), qogitaBrandChecksToday: z.number() }) },
  }),
  setCheckoutId: endpoint({
    method: 'PUT',
    path: '/admin/subscription-tiers/:name/checkout-id',
    access: 'admin',
    tag,
    summary: "Set a plan's Paddle price id (null: not sold).",
    params: z.object({ name: z.string() }),
    body: setCheckoutIdBodySchema,
    responses: { 200: z.object({ name: z.string(), checkoutId: z.string().nullable() }) },
  }),
  paddleWebhook: endpoint({
    method: 'POST',
    path: '/billing/paddle/webhook',
    access: 'public',
    tag,
    summary: 'Paddle Billing events. Signed with the Paddle-Signature header over the raw body; the route checks the signature before it reads the JSON.',
    body: paddleEventSchema,
    bodyKind: 'raw',
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() }) },
  }),
} as const;
