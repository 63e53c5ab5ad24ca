import { z } from 'zod';
import { apiErrorSchema, endpoint } from '../endpoint.ts';
import {
  changePlanBodySchema,
  paddleEventSchema,
  planChangePreviewSchema,
  planChangeResponseSchema,
  portalSessionSchema,
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
  /**
   * A paying organization changes its plan through Paddle (no second checkout) and manages its subscription
   * in Paddle's customer portal. 409: no paid Paddle subscription (FREE, or a plan set by an administrator), or Paddle
   * refused; 503: billing not configured (no PADDLE_API_KEY) or Paddle unreachable.
   */
  previewPlanChange: endpoint({
    method: 'POST',
    path: '/billing/subscription/preview-change',
    access: 'user',
    tag,
    summary: "What changing the organization's paid plan costs now and from the next payment (Paddle's preview).",
    body: changePlanBodySchema,
    responses: { 200: planChangePreviewSchema, 409: apiErrorSchema, 503: apiErrorSchema },
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/billing/subscription/change',
    access: 'user',
    tag,
    summary: "Change the organization's paid plan in Paddle; the plan switches when Paddle's webhook confirms it.",
    body: changePlanBodySchema,
    responses: { 202: planChangeResponseSchema, 409: apiErrorSchema, 503: apiErrorSchema },
  }),
  portalSession: endpoint({
    method: 'POST',
    path: '/billing/portal-session',
    access: 'user',
    tag,
    summary: 'A Paddle customer-portal session of the organization (payment method, invoices, cancellation).',
    responses: { 200: portalSessionSchema, 409: apiErrorSchema, 503: apiErrorSchema },
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
