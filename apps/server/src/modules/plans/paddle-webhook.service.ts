import { MAX_LENGTH } from '@dealradar/shared/input-limits';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import {
  applyBillingUpdate,
  findTierByPriceId,
  lockOrganizationBy,
  recordWebhookEvent,
  setWebhookOutcome,
  type OrganizationBilling,
} from './plans.repository.ts';

// The event schema is a shared contract (the API reference documents the webhook body from it).
export { paddleEventSchema, type PaddleEvent } from '@dealradar/shared/contracts/plans';
import type { PaddleEvent } from '@dealradar/shared/contracts/plans';

export const HANDLED_EVENTS = new Set([
  'subscription.created',
  'subscription.activated',
  'subscription.updated',
  'subscription.past_due',
  'subscription.canceled',
  'transaction.completed',
]);

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

function userIdOf(customData: Record<string, unknown> | null | undefined): string | undefined {
  const value = customData?.userId ?? customData?.user_id;
  return typeof value === 'string' && value && value.length <= MAX_LENGTH.id ? value : undefined;
}

async function findOrganization(tx: Db, refs: { userId?: string; subscriptionId?: string; customerId?: string }): Promise<OrganizationBilling | undefined> {
  if (refs.userId) {
    const org = await lockOrganizationBy(tx, 'userId', refs.userId);
    if (org) return org;
  }
  if (refs.subscriptionId) {
    const org = await lockOrganizationBy(tx, 'subscriptionId', refs.subscriptionId);
    if (org) return org;
  }
  return refs.customerId ? lockOrganizationBy(tx, 'customerId', refs.customerId) : undefined;
}

/**
 * Applies one verified Paddle event to its organization (decisions: docs/plans.md). Returns the outcome recorded
 * with the event id; a repeated event id changes nothing.
 */
export async function handlePaddleEvent(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>, event: PaddleEvent): Promise<{ duplicate: boolean; outcome: string }> {
  return deps.db.tx(async (tx) => {
    const fresh = await recordWebhookEvent(tx, event.event_id, event.event_type, toDate(event.occurred_at));
    if (!fresh) return { duplicate: true, outcome: 'duplicate' };
    const outcome = await applyEvent(tx, deps, event);
    await setWebhookOutcome(tx, event.event_id, outcome);
    const logLine = { eventId: event.event_id, eventType: event.event_type, outcome };
    if (outcome.startsWith('ignored')) deps.log.warn(logLine, 'paddle event ignored');
    else deps.log.info(logLine, 'paddle event applied');
    return { duplicate: false, outcome };
  });
}

async function applyEvent(tx: Db, deps: Pick<AppDeps, 'clock' | 'log'>, event: PaddleEvent): Promise<string> {
  const type = event.event_type;
  if (!HANDLED_EVENTS.has(type)) return 'ignored: event type not used';
  const d = event.data;
  const isTransaction = type.startsWith('transaction.');
  const subscriptionId = (isTransaction ? d.subscription_id : d.id) ?? undefined;
  const customerId = d.customer_id ?? undefined;
  const org = await findOrganization(tx, { userId: userIdOf(d.custom_data), subscriptionId, customerId });
  if (!org) return 'ignored: no organization matches the custom data, subscription or customer';

  const occurredAt = new Date(event.occurred_at);
  if (org.subscriptionEventAt && occurredAt < org.subscriptionEventAt) return 'ignored: older than the last applied event';
  const isCurrentSubscription = !org.paddleSubscriptionId || !subscriptionId || org.paddleSubscriptionId === subscriptionId;
  const now = deps.clock.now();

  // subscription.canceled (and a subscription whose status is canceled or paused) means it has ended: Paddle sends it
  // when the cancellation takes effect, and it covers no billing period any more. The plan ends now. A cancellation
  // scheduled for the end of the period arrives before as subscription.updated with scheduled_change (handled below).
  const ended = type === 'subscription.canceled' || (!isTransaction && (d.status === 'canceled' || d.status === 'paused'));
  if (ended) {
    if (!isCurrentSubscription) return "ignored: not the organization's current subscription";
    await applyBillingUpdate(tx, org.id, {
      subscriptionTier: 'FREE',
      paddleCustomerId: customerId ?? null,
      paddleSubscriptionId: subscriptionId ?? null,
      subscriptionStatus: d.status ?? 'canceled',
      subscriptionPeriodEndsAt: now,
      subscriptionCancelAt: null,
      subscriptionEventAt: occurredAt,
    });
    return 'applied: canceled, now FREE';
  }

  if ((type === 'subscription.updated' || type === 'subscription.past_due') && !isCurrentSubscription) {
    return "ignored: not the organization's current subscription";
  }
  const priceIds = (d.items ?? []).map((item) => item.price?.id ?? item.price_id).filter((id): id is string => !!id);
  let tierName: string | undefined;
  for (const priceId of priceIds) {
    tierName = (await findTierByPriceId(tx, priceId))?.name;
    if (tierName) break;
  }
  if (!tierName) {
    deps.log.warn({ eventId: event.event_id, priceIds }, 'paddle event with unknown price ids');
    return `ignored: unknown price id ${priceIds.join(', ') || '(none)'}`;
  }
  const periodEndsAt = toDate(isTransaction ? d.billing_period?.ends_at : d.current_billing_period?.ends_at);
  const cancelAt = !isTransaction && d.scheduled_change?.action === 'cancel' ? (toDate(d.scheduled_change.effective_at) ?? periodEndsAt) : null;
  await applyBillingUpdate(tx, org.id, {
    subscriptionTier: tierName,
    paddleCustomerId: customerId ?? null,
    paddleSubscriptionId: subscriptionId ?? null,
    // past_due keeps the plan while Paddle retries the payment; a final failure arrives as subscription.canceled.
    subscriptionStatus: isTransaction ? 'active' : (d.status ?? 'active'),
    subscriptionPeriodEndsAt: periodEndsAt,
    subscriptionCancelAt: cancelAt,
    subscriptionEventAt: occurredAt,
  });
  return `applied: ${tierName}${cancelAt ? ` until ${cancelAt.toISOString()}` : ''}`;
}
