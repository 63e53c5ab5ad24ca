import type { PlanChangePreview, PortalSession } from '@dealradar/shared/contracts/plans';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { getEntitlements } from './entitlements.ts';
import { createPaddleApi, majorUnits, PaddleApiError, type PaddleApi } from './paddle-api.ts';
import { findOrganizationBilling, findTierByName, type OrganizationBilling } from './plans.repository.ts';

/**
 * A paying organization changes its plan through Paddle's API (no second checkout) and manages payment method,
 * invoices and cancellation in Paddle's customer portal. Only the caller's own organization's subscription is touched
 * (the ids come from its row, never from the request). The plan itself changes when Paddle's subscription.updated
 * webhook arrives (paddle-webhook.service.ts), as for a checkout. Decisions in docs/plans.md "Changing or managing a paid plan".
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

export const BILLING_NOT_CONFIGURED =
  'Billing is not configured on this server (no Paddle API key), so plans cannot be changed or managed here. Please contact DealRadar support.';
export const NO_PAID_SUBSCRIPTION = 'You have no paid subscription to change or manage. Choose a plan with Buy Plan.';
export const NO_PADDLE_SUBSCRIPTION =
  'Your plan was set by DealRadar support, not bought through Paddle, so there is no subscription to change or manage here. Please contact DealRadar support.';
export const PADDLE_UNREACHABLE = 'Paddle, our payment provider, could not be reached. Nothing was changed; please try again in a few minutes.';

/** Whether the screen can offer plan changes and the portal: the API key is set / a live Paddle subscription is on record. */
export function billingManagementOf(config: Deps['config'], billing: OrganizationBilling | undefined, tier: string) {
  return { configured: !!config.PADDLE_API_KEY, hasSubscription: hasLiveSubscription(billing, tier) };
}

function hasLiveSubscription(billing: OrganizationBilling | undefined, tier: string): boolean {
  return tier !== 'FREE' && !!billing?.paddleSubscriptionId && !!billing.paddleCustomerId && billing.subscriptionStatus !== 'canceled';
}

/** The caller's organization's live Paddle subscription and the API, or the sentence why there is none. */
async function subscriptionOf(deps: Deps, user: CurrentUser): Promise<{ api: PaddleApi; tier: string; subscriptionId: string; customerId: string }> {
  const { tier } = await getEntitlements(deps.db, user.organizationId, deps.clock.now());
  if (tier === 'FREE') throw conflict(NO_PAID_SUBSCRIPTION);
  const apiKey = deps.config.PADDLE_API_KEY;
  if (!apiKey) throw new AppError('unavailable', BILLING_NOT_CONFIGURED);
  const billing = await findOrganizationBilling(deps.db, user.organizationId);
  if (!billing || !hasLiveSubscription(billing, tier)) throw conflict(NO_PADDLE_SUBSCRIPTION);
  return {
    api: createPaddleApi({ apiKey, baseUrl: deps.config.PADDLE_API_BASE_URL }),
    tier,
    subscriptionId: billing.paddleSubscriptionId!,
    customerId: billing.paddleCustomerId!,
  };
}

/** The plan to change to: a sold plan other than the current one (the admin-only plan for administrators only). */
async function targetPlan(deps: Deps, user: CurrentUser, name: string, current: string): Promise<{ name: string; priceId: string }> {
  if (name === current) throw conflict(`You are already on the ${name} plan.`);
  const plan = await findTierByName(deps.db, name);
  if (!plan || (plan.adminOnly && user.role !== 'ADMIN')) throw badRequest(`The ${name} plan is not available.`);
  if (!plan.paddlePriceId) {
    throw badRequest(
      name === 'FREE'
        ? 'FREE is not bought: cancel your subscription under Manage subscription, and you return to FREE at the end of the paid period.'
        : `The ${name} plan is not sold at the moment.`,
    );
  }
  return { name: plan.name, priceId: plan.paddlePriceId };
}

/** Paddle's refusal as a sentence for the user; its own detail is logged with the request id. */
function paddleFailure(deps: Deps, error: unknown, what: string): AppError {
  if (!(error instanceof PaddleApiError))
    return error instanceof AppError ? error : new AppError('internal', `Something went wrong with ${what}.`, { cause: error });
  deps.log.warn(
    { paddleStatus: error.status, paddleCode: error.code, paddleDetail: error.detail, paddleRequestId: error.requestId },
    `Paddle refused or failed ${what}`,
  );
  if (error.status === 0 || error.status >= 500 || error.status === 429) return new AppError('unavailable', PADDLE_UNREACHABLE);
  if (error.status === 401 || error.status === 403)
    return new AppError('unavailable', BILLING_NOT_CONFIGURED.replace('(no Paddle API key)', '(Paddle refused its API key)'));
  return conflict(`Paddle refused ${what}: ${error.detail}`);
}

/** POST /billing/subscription/preview-change: Paddle's preview of the change, in its currency. */
export async function previewPlanChange(deps: Deps, user: CurrentUser, toTier: string): Promise<PlanChangePreview> {
  const sub = await subscriptionOf(deps, user);
  const target = await targetPlan(deps, user, toTier, sub.tier);
  try {
    const preview = await sub.api.previewPlanChange(sub.subscriptionId, target.priceId);
    const result = preview.update_summary?.result;
    const currency = result?.currency_code ?? preview.currency_code ?? 'EUR';
    const totals = preview.recurring_transaction_details?.totals;
    const nowAmount = result ? majorUnits(result.amount, currency) : null;
    return {
      fromTier: sub.tier,
      toTier: target.name,
      currency,
      now: result && nowAmount !== null ? { action: result.action, amount: nowAmount } : null,
      next: preview.next_billed_at ? { amount: majorUnits(totals?.grand_total ?? totals?.total, currency), at: preview.next_billed_at } : null,
    };
  } catch (error) {
    throw paddleFailure(deps, error, 'the preview of the plan change');
  }
}

/** POST /billing/subscription/change: Paddle replaces the plan's item (prorated, billed at once); its webhook sets the tier. */
export async function changePlan(deps: Deps, user: CurrentUser, toTier: string): Promise<{ message: string; toTier: string }> {
  const sub = await subscriptionOf(deps, user);
  const target = await targetPlan(deps, user, toTier, sub.tier);
  try {
    await sub.api.changePlan(sub.subscriptionId, target.priceId);
  } catch (error) {
    throw paddleFailure(deps, error, 'the plan change');
  }
  deps.log.info({ userId: user.id, organizationId: user.organizationId, from: sub.tier, to: target.name }, 'plan change sent to Paddle');
  return {
    message: `Paddle accepted the change to ${target.name}. Your plan changes here as soon as Paddle confirms it, usually within a minute.`,
    toTier: target.name,
  };
}

/** POST /billing/portal-session: authenticated links into Paddle's customer portal for the organization's subscription. */
export async function createPortalSession(deps: Deps, user: CurrentUser): Promise<PortalSession> {
  const sub = await subscriptionOf(deps, user);
  try {
    const session = await sub.api.createPortalSession(sub.customerId, [sub.subscriptionId]);
    const links = session.urls.subscriptions.find((s) => s.id === sub.subscriptionId);
    return {
      url: session.urls.general.overview,
      cancelUrl: links?.cancel_subscription ?? null,
      updatePaymentMethodUrl: links?.update_subscription_payment_method ?? null,
    };
  } catch (error) {
    throw paddleFailure(deps, error, 'the customer portal session');
  }
}
