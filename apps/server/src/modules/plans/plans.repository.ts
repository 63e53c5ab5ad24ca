import type { Db } from '../../db/client.ts';

/** A subscription_tiers row as the rest of the plans module uses it. */
export interface TierRow {
  id: number;
  name: string;
  price: number;
  description: string;
  eanUploadLimit: number;
  qogitaBrandChecksPerDay: number;
  brandProfitabilityAnalysis: boolean;
  multiMarketProfitAnalysis: boolean;
  supportLevel: string;
  amazonListingFilterType: 'adjustable' | 'fixed';
  roiFilterValue: number;
  qogitaAccessLevel: 'full' | 'limited' | 'none';
  paddlePriceId: string | null;
  adminOnly: boolean;
}

export type UsageMetric = 'ean_uploads' | 'brand_checks';

const TIER_COLUMNS = `t.id, t.name, t.price, t.description,
  t.ean_upload_limit as "eanUploadLimit", t.qogita_brand_checks_per_day as "qogitaBrandChecksPerDay",
  t.brand_profitability_analysis as "brandProfitabilityAnalysis", t.multi_market_profit_analysis as "multiMarketProfitAnalysis",
  t.support_level as "supportLevel", t.amazon_listing_filter_type as "amazonListingFilterType",
  t.roi_filter_value as "roiFilterValue", t.qogita_access_level as "qogitaAccessLevel",
  t.paddle_price_id as "paddlePriceId", t.admin_only as "adminOnly"`;

export function listTiers(db: Db, includeAdminOnly: boolean): Promise<TierRow[]> {
  return db.query<TierRow>(`select ${TIER_COLUMNS} from subscription_tiers t where $1 or not t.admin_only order by t.id`, [includeAdminOnly]);
}

export function findTierByName(db: Db, name: string): Promise<TierRow | undefined> {
  return db.maybeOne<TierRow>(`select ${TIER_COLUMNS} from subscription_tiers t where t.name = $1`, [name]);
}

export function findTierByPriceId(db: Db, priceId: string): Promise<TierRow | undefined> {
  return db.maybeOne<TierRow>(`select ${TIER_COLUMNS} from subscription_tiers t where t.paddle_price_id = $1`, [priceId]);
}

/** The organization's tier (joined), or undefined for an unknown organization. */
export function findOrganizationTier(db: Db, organizationId: string): Promise<TierRow | undefined> {
  return db.maybeOne<TierRow>(`select ${TIER_COLUMNS} from organizations o join subscription_tiers t on t.name = o.subscription_tier where o.id = $1`, [
    organizationId,
  ]);
}

/** The user's own threshold and their organization's tier. */
export function findUserRoiSettings(
  db: Db,
  userId: string,
): Promise<{ minRoiThreshold: number; amazonListingFilterType: 'adjustable' | 'fixed'; roiFilterValue: number } | undefined> {
  return db.maybeOne(
    `select u.min_roi_threshold as "minRoiThreshold", t.amazon_listing_filter_type as "amazonListingFilterType",
            t.roi_filter_value as "roiFilterValue"
       from users u join organizations o on o.id = u.organization_id join subscription_tiers t on t.name = o.subscription_tier
      where u.id = $1`,
    [userId],
  );
}

/**
 * Falls back to FREE when the organization's paid period has ended after a cancellation.
 * `organizationId` null applies it to every organization (the periodic job). Returns the organizations changed.
 */
export async function expireEndedSubscriptions(db: Db, organizationId: string | null, now: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update organizations
        set subscription_tier = 'FREE', subscription_status = 'canceled', subscription_cancel_at = null
      where subscription_cancel_at is not null and subscription_cancel_at <= $2 and ($1::uuid is null or id = $1::uuid)
      returning id`,
    [organizationId, now],
  );
  return rows.map((r) => r.id);
}

export async function readUsage(db: Db, organizationId: string, metric: UsageMetric, periodStart: string): Promise<number> {
  const row = await db.maybeOne<{ used: number }>('select used from usage_counters where organization_id = $1 and metric = $2 and period_start = $3::date', [
    organizationId,
    metric,
    periodStart,
  ]);
  return row?.used ?? 0;
}

/** Creates the counter row if needed and locks it until the transaction ends; returns its value. Call inside db.tx. */
export async function lockUsage(tx: Db, organizationId: string, metric: UsageMetric, periodStart: string): Promise<number> {
  await tx.query(
    `insert into usage_counters (organization_id, metric, period_start, used) values ($1, $2, $3::date, 0)
     on conflict (organization_id, metric, period_start) do nothing`,
    [organizationId, metric, periodStart],
  );
  const row = await tx.one<{ used: number }>(
    'select used from usage_counters where organization_id = $1 and metric = $2 and period_start = $3::date for update',
    [organizationId, metric, periodStart],
  );
  return row.used;
}

/** Adds `amount` (may be negative) to a counter, never going below 0. */
export async function addUsage(db: Db, organizationId: string, metric: UsageMetric, periodStart: string, amount: number): Promise<void> {
  await db.execute(
    `update usage_counters set used = greatest(0, used + $4)
      where organization_id = $1 and metric = $2 and period_start = $3::date`,
    [organizationId, metric, periodStart, amount],
  );
}

/** Sets a counter (admin support, tests). */
export async function setUsage(db: Db, organizationId: string, metric: UsageMetric, periodStart: string, used: number): Promise<void> {
  await db.query(
    `insert into usage_counters (organization_id, metric, period_start, used) values ($1, $2, $3::date, $4)
     on conflict (organization_id, metric, period_start) do update set used = excluded.used`,
    [organizationId, metric, periodStart, used],
  );
}

export interface OrganizationBilling {
  id: string;
  subscriptionTier: string;
  paddleCustomerId: string | null;
  paddleSubscriptionId: string | null;
  subscriptionStatus: string | null;
  subscriptionPeriodEndsAt: Date | null;
  subscriptionCancelAt: Date | null;
  subscriptionEventAt: Date | null;
}

const BILLING_COLUMNS = `o.id, o.subscription_tier as "subscriptionTier", o.paddle_customer_id as "paddleCustomerId",
  o.paddle_subscription_id as "paddleSubscriptionId", o.subscription_status as "subscriptionStatus",
  o.subscription_period_ends_at as "subscriptionPeriodEndsAt", o.subscription_cancel_at as "subscriptionCancelAt",
  o.subscription_event_at as "subscriptionEventAt"`;

export function findOrganizationBilling(db: Db, organizationId: string): Promise<OrganizationBilling | undefined> {
  return db.maybeOne<OrganizationBilling>(`select ${BILLING_COLUMNS} from organizations o where o.id = $1`, [organizationId]);
}

/** The organization a webhook belongs to, locked for the transaction: by our user id, a Paddle subscription id or customer id. */
export function lockOrganizationBy(db: Db, by: 'userId' | 'subscriptionId' | 'customerId', value: string): Promise<OrganizationBilling | undefined> {
  const where = {
    userId: 'o.id = (select u.organization_id from users u where u.id::text = $1)',
    subscriptionId: 'o.paddle_subscription_id = $1',
    customerId: 'o.paddle_customer_id = $1',
  }[by];
  return db.maybeOne<OrganizationBilling>(`select ${BILLING_COLUMNS} from organizations o where ${where} order by o.created_at limit 1 for update`, [value]);
}

export function findUserOrganizationId(db: Db, userId: string): Promise<{ organizationId: string } | undefined> {
  return db.maybeOne('select organization_id as "organizationId" from users where id::text = $1', [userId]);
}

/** Admin support: sets the tier and clears a scheduled cancellation. Returns false for an unknown organization. */
export async function setOrganizationTier(db: Db, organizationId: string, tier: string): Promise<boolean> {
  const changed = await db.execute(`update organizations set subscription_tier = $2, subscription_cancel_at = null where id::text = $1`, [
    organizationId,
    tier,
  ]);
  return changed > 0;
}

export interface BillingUpdate {
  subscriptionTier: string;
  paddleCustomerId: string | null;
  paddleSubscriptionId: string | null;
  subscriptionStatus: string;
  subscriptionPeriodEndsAt: Date | null;
  subscriptionCancelAt: Date | null;
  subscriptionEventAt: Date;
}

/** Writes a Paddle event's outcome; null Paddle ids keep the stored ones. */
export async function applyBillingUpdate(db: Db, organizationId: string, u: BillingUpdate): Promise<void> {
  await db.execute(
    `update organizations
        set subscription_tier = $2, paddle_customer_id = coalesce($3, paddle_customer_id),
            paddle_subscription_id = coalesce($4, paddle_subscription_id), subscription_status = $5,
            subscription_period_ends_at = coalesce($6, subscription_period_ends_at), subscription_cancel_at = $7,
            subscription_event_at = $8
      where id = $1`,
    [
      organizationId,
      u.subscriptionTier,
      u.paddleCustomerId,
      u.paddleSubscriptionId,
      u.subscriptionStatus,
      u.subscriptionPeriodEndsAt,
      u.subscriptionCancelAt,
      u.subscriptionEventAt,
    ],
  );
}

/** Records a webhook event id; false when it was already recorded (a repeated delivery). */
export async function recordWebhookEvent(db: Db, eventId: string, eventType: string, occurredAt: Date | null): Promise<boolean> {
  const rows = await db.query(
    `insert into paddle_webhook_events (event_id, event_type, occurred_at, outcome) values ($1, $2, $3, 'received')
     on conflict (event_id) do nothing returning event_id`,
    [eventId, eventType, occurredAt],
  );
  return rows.length > 0;
}

export async function setWebhookOutcome(db: Db, eventId: string, outcome: string): Promise<void> {
  await db.execute('update paddle_webhook_events set outcome = $2 where event_id = $1', [eventId, outcome]);
}

/** Sets a plan's Paddle price id; false for an unknown plan. Throws on a price id another plan already has (unique). */
export async function setTierPriceId(db: Db, name: string, priceId: string | null): Promise<boolean> {
  return (await db.execute('update subscription_tiers set paddle_price_id = $2 where name = $1', [name, priceId])) > 0;
}
