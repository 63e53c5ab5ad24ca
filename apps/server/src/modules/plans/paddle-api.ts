import { z } from 'zod';

/**
 * The few Paddle Billing API calls DealRadar makes: preview and apply a change of a subscription's items
 * (the plan), and create a customer-portal session. Wire format (research external-apis.md §4, Paddle's API reference
 * and its Node SDK): `Authorization: Bearer <API key>`, JSON bodies with snake_case fields, answers
 * `{ data: …, meta: { request_id } }`, failures `{ error: { type, code, detail, documentation_url }, meta }`. Money is
 * an integer string in minor units ("4900" = 49.00) with `currency_code`.
 */

/** A failed Paddle call: Paddle's own error code and sentence, or a network failure (status 0). */
export class PaddleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly requestId?: string,
  ) {
    super(`Paddle ${status} ${code}: ${detail}`);
  }
}

const moneySchema = z.object({ amount: z.string(), currency_code: z.string() });

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  currency_code: z.string().optional(),
  next_billed_at: z.string().nullable().optional(),
  items: z.array(z.object({ price: z.object({ id: z.string() }).passthrough() }).passthrough()).default([]),
});

const previewSchema = subscriptionSchema.omit({ id: true }).extend({
  id: z.string().optional(),
  update_summary: z
    .object({ charge: moneySchema.optional(), credit: moneySchema.optional(), result: moneySchema.extend({ action: z.enum(['charge', 'credit']) }) })
    .nullable()
    .optional(),
  recurring_transaction_details: z
    .object({ totals: z.object({ grand_total: z.string().optional(), total: z.string().optional() }).passthrough() })
    .nullable()
    .optional(),
});

const portalSessionSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  urls: z.object({
    general: z.object({ overview: z.string() }),
    subscriptions: z
      .array(z.object({ id: z.string(), cancel_subscription: z.string().optional(), update_subscription_payment_method: z.string().optional() }))
      .default([]),
  }),
});

export type PaddleSubscription = z.infer<typeof subscriptionSchema>;
export type PaddleSubscriptionPreview = z.infer<typeof previewSchema>;
export type PaddlePortalSession = z.infer<typeof portalSessionSchema>;

/**
 * How a plan change is billed: prorated to the minute and billed at once (an upgrade charges the rest of the period on
 * the new price now, a downgrade credits the unused part); a failed payment leaves the subscription as it was.
 */
export const PLAN_CHANGE_BILLING = { proration_billing_mode: 'prorated_immediately', on_payment_failure: 'prevent_change' } as const;

export interface PaddleApi {
  previewPlanChange(subscriptionId: string, priceId: string): Promise<PaddleSubscriptionPreview>;
  changePlan(subscriptionId: string, priceId: string): Promise<PaddleSubscription>;
  createPortalSession(customerId: string, subscriptionIds: string[]): Promise<PaddlePortalSession>;
}

const TIMEOUT_MS = 15_000;

export function createPaddleApi({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): PaddleApi {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'POST' | 'PATCH', path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaddleApiError(0, 'unreachable', error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const envelope = json as { data?: unknown; error?: { code?: unknown; detail?: unknown }; meta?: { request_id?: unknown } } | undefined;
    const requestId = typeof envelope?.meta?.request_id === 'string' ? envelope.meta.request_id : undefined;
    if (!response.ok) {
      const code = typeof envelope?.error?.code === 'string' ? envelope.error.code : `http_${response.status}`;
      const detail = typeof envelope?.error?.detail === 'string' ? envelope.error.detail : text.slice(0, 200) || response.statusText;
      throw new PaddleApiError(response.status, code, detail, requestId);
    }
    const parsed = schema.safeParse(envelope?.data);
    if (!parsed.success) throw new PaddleApiError(response.status, 'unexpected_answer', 'Paddle answered in a form we do not understand.', requestId);
    return parsed.data;
  }

  const planChangeBody = (priceId: string) => ({ items: [{ price_id: priceId, quantity: 1 }], ...PLAN_CHANGE_BILLING });

  return {
    previewPlanChange: (subscriptionId, priceId) =>
      call('PATCH', `/subscriptions/${encodeURIComponent(subscriptionId)}/preview`, planChangeBody(priceId), previewSchema),
    changePlan: (subscriptionId, priceId) => call('PATCH', `/subscriptions/${encodeURIComponent(subscriptionId)}`, planChangeBody(priceId), subscriptionSchema),
    createPortalSession: (customerId, subscriptionIds) =>
      call('POST', `/customers/${encodeURIComponent(customerId)}/portal-sessions`, { subscription_ids: subscriptionIds }, portalSessionSchema),
  };
}

/** Paddle's minor-unit string as a number of major units ("4900" → 49); null when absent or not a number. */
export function majorUnits(amount: string | undefined | null, currency: string): number | null {
  if (amount == null || !/^-?\d+$/.test(amount)) return null;
  // Paddle's zero-decimal currencies (JPY, KRW) are in whole units; every currency we sell in has two decimals.
  const decimals = ['JPY', 'KRW'].includes(currency) ? 0 : 2;
  return Number(amount) / 10 ** decimals;
}
