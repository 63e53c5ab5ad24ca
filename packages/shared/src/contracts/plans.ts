import { z } from 'zod';
import { MAX_LENGTH } from '../input-limits.ts';
import { TIER_NAMES } from '../tiers.ts';
import { jsonBody } from './account.ts';

/** Payloads of the plans module (SPEC §3 "Subscription and usage" / "Subscription tier"; decisions in docs/plans.md). */

const planFields = {
  eanUploadLimit: z.number(),
  qogitaBrandChecksPerDay: z.number(),
  brandProfitabilityAnalysis: z.boolean(),
  multiMarketProfitAnalysis: z.boolean(),
  supportLevel: z.string(),
  amazonListingFilterType: z.enum(['adjustable', 'fixed']),
  /** Fraction (0.2 = 20 %). */
  roiFilterValue: z.number(),
  qogitaAccessLevel: z.enum(['full', 'limited', 'none']),
};

/** GET /organization/subscription-status */
export const subscriptionStatusSchema = z.object({
  tier: z.string(),
  eanUploadsThisMonth: z.number(),
  qogitaBrandChecksToday: z.number(),
  ...planFields,
  /** Paddle subscription status (active, past_due, canceled, …), null when never billed. */
  subscriptionStatus: z.string().nullable(),
  /** ISO time at which a canceled subscription falls back to FREE, null when none is scheduled. */
  cancelAt: z.string().nullable(),
  /** What the Subscription screen can offer a paying organization (plan change, Paddle's customer portal). */
  billing: z.object({
    /** PADDLE_API_KEY is set: the server can change the plan and open Paddle's customer portal. */
    configured: z.boolean(),
    /** The organization has a Paddle subscription that is not canceled (a plan set by an administrator has none). */
    hasSubscription: z.boolean(),
  }),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** One element of GET /subscription-tiers. */
export const subscriptionTierSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Euro per month. */
  price: z.number(),
  description: z.string(),
  ...planFields,
  /** Paddle price id; null for plans that are not sold (FREE). */
  checkoutId: z.string().nullable(),
  /** PADDLE_CHECKOUT_URL?price_id=…&user_email=…&user_id=… for the calling user; null when not sold. */
  checkoutUrl: z.string().nullable(),
});
export type SubscriptionTier = z.infer<typeof subscriptionTierSchema>;
export const subscriptionTiersSchema = z.array(subscriptionTierSchema);

/** PUT /admin/organizations/:organizationId/subscription-tier and PUT /admin/users/:userId/subscription-tier */
export const setSubscriptionTierBodySchema = jsonBody({
  tier: z.enum(TIER_NAMES, { error: `Tier must be one of ${TIER_NAMES.join(', ')}.` }),
});
export const setSubscriptionTierResponseSchema = z.object({ organizationId: z.string(), tier: z.string() });

/** PUT /admin/users/:userId/usage (support: correct this month's / today's counters of the user's organization). */
const counter = z
  .number({ error: 'Usage must be a whole number of 0 or more.' })
  .int('Usage must be a whole number of 0 or more.')
  .min(0, 'Usage must be a whole number of 0 or more.');
export const setUsageBodySchema = jsonBody({ eanUploadsThisMonth: counter.optional(), qogitaBrandChecksToday: counter.optional() }).refine(
  (b) => b.eanUploadsThisMonth !== undefined || b.qogitaBrandChecksToday !== undefined,
  'Give eanUploadsThisMonth or qogitaBrandChecksToday.',
);

/** PUT /admin/subscription-tiers/:name/checkout-id: the plan's Paddle price id (null: not sold). */
export const setCheckoutIdBodySchema = jsonBody({
  checkoutId: z
    .string({ error: 'checkoutId must be a Paddle price id (pri_…) or null.' })
    .max(MAX_LENGTH.id, 'checkoutId must be a Paddle price id (pri_…) or null.')
    .trim()
    .regex(/^pri_[a-z0-9]{10,64}$/, 'checkoutId must be a Paddle price id (pri_…) or null.')
    .nullable(),
});

/** Response header carrying a re-signed session token when the token's tier or role is out of date. */
export const REFRESHED_TOKEN_HEADER = 'x-refreshed-token';

/** Query parameter names of the Buy Plan link (Paddle hosted checkout: price_id, user_email; ours: user_id). */
export const CHECKOUT_PARAMS = { priceId: 'price_id', email: 'user_email', userId: 'user_id' } as const;

/** Text in a Paddle event: bounded (Paddle's ids are about 30 characters), so a longer value is not Paddle's: 400. */
const text = (max: number = MAX_LENGTH.id) => z.string().max(max, 'The event carries a value that is too long.');
const isoTime = text(MAX_LENGTH.code).refine((v) => !Number.isNaN(Date.parse(v)), 'occurred_at must be an ISO time.');
const period = z.object({ starts_at: text(MAX_LENGTH.code).nullish(), ends_at: text(MAX_LENGTH.code).nullish() }).nullish();
/**
 * POST /billing/paddle/webhook: the parts of a Paddle Billing event we read (external-apis.md §4.3); everything else
 * is ignored.
 */
export const paddleEventSchema = z.object({
  event_id: z.string({ error: 'event_id is required.' }).min(1, 'event_id is required.').max(MAX_LENGTH.id, 'The event carries a value that is too long.'),
  event_type: z
    .string({ error: 'event_type is required.' })
    .min(1, 'event_type is required.')
    .max(MAX_LENGTH.id, 'The event carries a value that is too long.'),
  occurred_at: isoTime,
  data: z.object(
    {
      id: text().nullish(),
      status: text().nullish(),
      customer_id: text().nullish(),
      subscription_id: text().nullish(),
      custom_data: z.record(z.string(), z.unknown()).nullish(),
      items: z
        .array(z.object({ price: z.object({ id: text().nullish() }).nullish(), price_id: text().nullish() }))
        .max(100)
        .nullish(),
      current_billing_period: period,
      billing_period: period,
      scheduled_change: z.object({ action: text().nullish(), effective_at: text(MAX_LENGTH.code).nullish() }).nullish(),
    },
    { error: 'data must be an object.' },
  ),
});
export type PaddleEvent = z.infer<typeof paddleEventSchema>;

/** POST /billing/subscription/preview-change and /billing/subscription/change: the paid plan to change to. */
export const changePlanBodySchema = jsonBody({
  tier: z.enum(TIER_NAMES, { error: `Tier must be one of ${TIER_NAMES.join(', ')}.` }),
});
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

/**
 * What changing the plan means, from Paddle's preview of the subscription update (proration to the minute, billed at
 * once). Amounts in major units of `currency` (Paddle's currency of the subscription).
 */
export const planChangePreviewSchema = z.object({
  fromTier: z.string(),
  toTier: z.string(),
  currency: z.string(),
  /** Charged now for the rest of the billing period on the new plan, or credited to the balance (a cheaper plan). */
  now: z.object({ action: z.enum(['charge', 'credit']), amount: z.number() }).nullable(),
  /** The next regular payment (the new plan's price) and its date (ISO). */
  next: z.object({ amount: z.number().nullable(), at: z.string() }).nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** POST /billing/subscription/change (202): Paddle accepted the change; the plan switches when its webhook confirms. */
export const planChangeResponseSchema = z.object({ message: z.string(), toTier: z.string() });

/** POST /billing/portal-session: a Paddle customer-portal session for the caller's organization (short-lived links). */
export const portalSessionSchema = z.object({
  /** The portal's overview: payment method, invoices, cancellation. */
  url: z.string(),
  /** Deep links of the organization's subscription, when Paddle gave them. */
  cancelUrl: z.string().nullable(),
  updatePaymentMethodUrl: z.string().nullable(),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;
