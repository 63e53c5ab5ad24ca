import type { SubscriptionStatus, SubscriptionTier } from '@dealradar/shared/contracts/plans';
import { CHECKOUT_PARAMS } from '@dealradar/shared/contracts/plans';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { billingManagementOf } from './billing.service.ts';
import { getEntitlements, getUsage } from './entitlements.ts';
import {
  findOrganizationBilling,
  findUserOrganizationId,
  findTierByPriceId,
  listTiers,
  setOrganizationTier,
  setTierPriceId,
  setUsage,
} from './plans.repository.ts';
import { dayPeriod, monthPeriod } from './usage-periods.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>;

/** GET /organization/subscription-status: the plan fields and this period's usage of the user's organization. */
export async function getSubscriptionStatus(deps: Deps, user: CurrentUser): Promise<SubscriptionStatus> {
  const now = deps.clock.now();
  const ent = await getEntitlements(deps.db, user.organizationId, now);
  const [usage, billing] = await Promise.all([getUsage(deps.db, user.organizationId, now), findOrganizationBilling(deps.db, user.organizationId)]);
  return {
    ...ent,
    ...usage,
    subscriptionStatus: billing?.subscriptionStatus ?? null,
    cancelAt: billing?.subscriptionCancelAt?.toISOString() ?? null,
    billing: billingManagementOf(deps.config, billing, ent.tier),
  };
}

/** The Buy Plan link: PADDLE_CHECKOUT_URL with price_id, user_email and user_id (docs/plans.md). */
export function buildCheckoutUrl(base: string, priceId: string, email: string, userId: string): string {
  const url = new URL(base);
  url.searchParams.set(CHECKOUT_PARAMS.priceId, priceId);
  url.searchParams.set(CHECKOUT_PARAMS.email, email);
  url.searchParams.set(CHECKOUT_PARAMS.userId, userId);
  return url.toString();
}

/** GET /subscription-tiers: every plan; the admin-only plan (prodtest) only for administrators. */
export async function listSubscriptionTiers(deps: Deps, user: CurrentUser): Promise<SubscriptionTier[]> {
  const tiers = await listTiers(deps.db, user.role === 'ADMIN');
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    price: t.price,
    description: t.description,
    eanUploadLimit: t.eanUploadLimit,
    qogitaBrandChecksPerDay: t.qogitaBrandChecksPerDay,
    brandProfitabilityAnalysis: t.brandProfitabilityAnalysis,
    multiMarketProfitAnalysis: t.multiMarketProfitAnalysis,
    supportLevel: t.supportLevel,
    amazonListingFilterType: t.amazonListingFilterType,
    roiFilterValue: t.roiFilterValue,
    qogitaAccessLevel: t.qogitaAccessLevel,
    checkoutId: t.paddlePriceId,
    checkoutUrl: t.paddlePriceId ? buildCheckoutUrl(deps.config.PADDLE_CHECKOUT_URL, t.paddlePriceId, user.email, user.id) : null,
  }));
}

/** Admin support and refunds: puts an organization on a tier (clears a scheduled cancellation). */
export async function setTierOfOrganization(
  deps: Deps,
  admin: CurrentUser,
  organizationId: string,
  tier: string,
): Promise<{ organizationId: string; tier: string }> {
  if (!(await setOrganizationTier(deps.db, organizationId, tier))) throw notFound('Organization not found.');
  deps.log.info({ adminId: admin.id, organizationId, tier }, 'subscription tier set by an administrator');
  return { organizationId, tier };
}

export async function setTierOfUsersOrganization(
  deps: Deps,
  admin: CurrentUser,
  userId: string,
  tier: string,
): Promise<{ organizationId: string; tier: string }> {
  const row = await findUserOrganizationId(deps.db, userId);
  if (!row) throw notFound('User not found.');
  return setTierOfOrganization(deps, admin, row.organizationId, tier);
}

/** Admin support: sets this UTC month's EAN uploads and/or today's brand checks of the user's organization. */
export async function setUsageOfUsersOrganization(
  deps: Deps,
  admin: CurrentUser,
  userId: string,
  usage: { eanUploadsThisMonth?: number; qogitaBrandChecksToday?: number },
): Promise<{ eanUploadsThisMonth: number; qogitaBrandChecksToday: number }> {
  const row = await findUserOrganizationId(deps.db, userId);
  if (!row) throw notFound('User not found.');
  const now = deps.clock.now();
  if (usage.eanUploadsThisMonth !== undefined) await setUsage(deps.db, row.organizationId, 'ean_uploads', monthPeriod(now), usage.eanUploadsThisMonth);
  if (usage.qogitaBrandChecksToday !== undefined) await setUsage(deps.db, row.organizationId, 'brand_checks', dayPeriod(now), usage.qogitaBrandChecksToday);
  deps.log.info({ adminId: admin.id, organizationId: row.organizationId, ...usage }, 'usage set by an administrator');
  return getUsage(deps.db, row.organizationId, now);
}

/** Admin: puts a deployment's own Paddle price id on a plan (the seeded ids are placeholders). */
export async function setTierCheckoutId(
  deps: Deps,
  admin: CurrentUser,
  name: string,
  checkoutId: string | null,
): Promise<{ name: string; checkoutId: string | null }> {
  if (checkoutId) {
    const owner = await findTierByPriceId(deps.db, checkoutId);
    if (owner && owner.name !== name) throw conflict(`The price id ${checkoutId} already belongs to the ${owner.name} plan.`);
  }
  if (!(await setTierPriceId(deps.db, name, checkoutId))) throw notFound('Plan not found.');
  deps.log.info({ adminId: admin.id, plan: name, checkoutId }, 'plan checkout id set by an administrator');
  return { name, checkoutId };
}
