import type { Db } from '../../db/client.ts';

/** Alert rules, channel settings, the per-(rule, drop) alert state and the delivery log. */

export interface AlertRuleRow {
  id: number;
  userId: string;
  name: string;
  brands: string[];
  categories: string[];
  minDropPercentage: number;
  minRoiPercentage: number | null;
  minStock: number | null;
  roiMarkets: string[];
  channel: 'email' | 'webhook';
  emailFrequency: 'instant' | 'hourly' | 'daily';
  webhookUrl: string | null;
  webhookFormat: 'generic' | 'discord' | 'slack' | null;
  rearmPoints: number;
  onlySellable: boolean;
  paused: boolean;
  pausedReason: 'user' | 'plan' | null;
  createdAt: Date;
}

const RULE_COLUMNS = `id, user_id as "userId", name, brands, categories, min_drop_percentage as "minDropPercentage",
  min_roi_percentage as "minRoiPercentage", min_stock as "minStock", roi_markets as "roiMarkets", channel,
  email_frequency as "emailFrequency", webhook_url as "webhookUrl", webhook_format as "webhookFormat",
  rearm_points as "rearmPoints", only_sellable as "onlySellable", paused, paused_reason as "pausedReason", created_at as "createdAt"`;

export type NewAlertRule = Omit<AlertRuleRow, 'id' | 'userId' | 'paused' | 'pausedReason' | 'createdAt'>;

/** A rule's fields in the column order of insertRule and updateRule. */
function ruleValues(rule: NewAlertRule): unknown[] {
  return [
    rule.name,
    rule.brands,
    rule.categories,
    rule.minDropPercentage,
    rule.minRoiPercentage,
    rule.minStock,
    rule.roiMarkets,
    rule.channel,
    rule.emailFrequency,
    rule.webhookUrl,
    rule.webhookFormat,
    rule.rearmPoints,
    rule.onlySellable,
  ];
}

export function insertRule(db: Db, userId: string, rule: NewAlertRule, now: Date): Promise<AlertRuleRow> {
  return db.one<AlertRuleRow>(
    `insert into alert_rules (user_id, name, brands, categories, min_drop_percentage, min_roi_percentage, min_stock, roi_markets,
                              channel, email_frequency, webhook_url, webhook_format, rearm_points, only_sellable, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning ${RULE_COLUMNS}`,
    [userId, ...ruleValues(rule), now],
  );
}

/**
 * Changes every field of a rule; it then looks at every active drop once at the next refresh (evaluated_at null), as a
 * new rule does; the alert state still keeps drops it already alerted from repeating.
 */
export function updateRule(db: Db, userId: string, id: number, rule: NewAlertRule): Promise<AlertRuleRow | undefined> {
  return db.maybeOne<AlertRuleRow>(
    `update alert_rules set name = $3, brands = $4, categories = $5, min_drop_percentage = $6, min_roi_percentage = $7, min_stock = $8,
            roi_markets = $9, channel = $10, email_frequency = $11, webhook_url = $12, webhook_format = $13, rearm_points = $14,
            only_sellable = $15, evaluated_at = null
      where user_id = $1 and id = $2 returning ${RULE_COLUMNS}`,
    [userId, id, ...ruleValues(rule)],
  );
}

export function listRules(db: Db, userId: string): Promise<AlertRuleRow[]> {
  return db.query<AlertRuleRow>(`select ${RULE_COLUMNS} from alert_rules where user_id = $1 order by id`, [userId]);
}

export async function countRules(db: Db, userId: string): Promise<number> {
  return (await db.one<{ n: number }>('select count(*)::int as n from alert_rules where user_id = $1', [userId])).n;
}

export function findRule(db: Db, userId: string, id: number): Promise<AlertRuleRow | undefined> {
  return db.maybeOne<AlertRuleRow>(`select ${RULE_COLUMNS} from alert_rules where user_id = $1 and id = $2`, [userId, id]);
}

/** Pauses (by the user) or resumes; a resumed rule looks at every active drop again at the next refresh (the alert state still keeps it from repeating). */
export function setRulePaused(db: Db, userId: string, id: number, paused: boolean): Promise<AlertRuleRow | undefined> {
  return db.maybeOne<AlertRuleRow>(
    `update alert_rules set paused = $3, paused_reason = case when $3 then 'user' else null end,
            evaluated_at = case when $3 then evaluated_at else null end
      where user_id = $1 and id = $2 returning ${RULE_COLUMNS}`,
    [userId, id, paused],
  );
}

export async function deleteRule(db: Db, userId: string, id: number): Promise<boolean> {
  const deleted = await db.execute('delete from alert_rules where user_id = $1 and id = $2', [userId, id]);
  if (deleted > 0) await db.execute('delete from alert_drop_state where rule_id = $1', [id]);
  return deleted > 0;
}

/**
 * The alert state of drops that ended (a removed or expired drop never alerts again) and of deleted rules. The table
 * has no foreign keys (they cost a look-up per matched pair on the refresh's path), so this hourly sweep keeps it small.
 */
export function purgeAlertState(db: Db): Promise<number> {
  return db.execute(
    `delete from alert_drop_state s
      where not exists (select 1 from price_drops d where d.id = s.drop_id and d.status = 'active')
         or not exists (select 1 from alert_rules r where r.id = s.rule_id)`,
  );
}

/**
 * A plan that ended pauses the rules of its users (reason 'plan'): every active rule of a user who is not an
 * administrator and whose organization's tier is one of `excludedTiers`. Answers how many rules were paused.
 */
export function pauseRulesOutsidePlan(db: Db, excludedTiers: string[], userId?: string): Promise<number> {
  return db.execute(
    `update alert_rules r set paused = true, paused_reason = 'plan'
       from users u join organizations o on o.id = u.organization_id
      where u.id = r.user_id and not r.paused and u.role <> 'ADMIN' and o.subscription_tier = any($1::text[])
        and ($2::uuid is null or u.id = $2)`,
    [excludedTiers, userId ?? null],
  );
}

// ---- channel settings ----

export interface AlertSettingsRow {
  webhookSecret: string;
  emailUnsubscribedAt: Date | null;
  scanFinishedEmail: boolean;
}

const SETTINGS_COLUMNS = `webhook_secret as "webhookSecret", alerts_email_unsubscribed_at as "emailUnsubscribedAt", scan_finished_email as "scanFinishedEmail"`;

/** The user's settings, created with `newSecret` on first use. */
/** The user's alert settings, created on first use (with a webhook secret made only then). */
export async function ensureSettings(db: Db, userId: string, newSecret: () => string): Promise<AlertSettingsRow> {
  const found = await findSettings(db, userId);
  if (found) return found;
  await db.execute('insert into alert_user_settings (user_id, webhook_secret) values ($1, $2) on conflict (user_id) do nothing', [userId, newSecret()]);
  return db.one<AlertSettingsRow>(`select ${SETTINGS_COLUMNS} from alert_user_settings where user_id = $1`, [userId]);
}

export function findSettings(db: Db, userId: string): Promise<AlertSettingsRow | undefined> {
  return db.maybeOne<AlertSettingsRow>(`select ${SETTINGS_COLUMNS} from alert_user_settings where user_id = $1`, [userId]);
}

export async function updateSettings(
  db: Db,
  userId: string,
  patch: { emailUnsubscribedAt?: Date | null; scanFinishedEmail?: boolean; webhookSecret?: string },
): Promise<void> {
  await db.execute(
    `update alert_user_settings
        set alerts_email_unsubscribed_at = case when $2 then $3::timestamptz else alerts_email_unsubscribed_at end,
            scan_finished_email = coalesce($4, scan_finished_email),
            webhook_secret = coalesce($5, webhook_secret)
      where user_id = $1`,
    [userId, patch.emailUnsubscribedAt !== undefined, patch.emailUnsubscribedAt ?? null, patch.scanFinishedEmail ?? null, patch.webhookSecret ?? null],
  );
}

// ---- matching after a refresh ----

/**
 * The set-wise heart of the alerts, one statement per refresh: for every active rule of a user whose plan allows
 * alerts, the active unexpired drops it has not looked at yet (detected after its evaluated_at; for a rule of "only
 * products I can sell" also those whose Can sell answer came after it) that pass its filters and that it has never alerted, or alerted at a percentage at least `rearm_points` lower. Records the
 * alerted percentage per (rule, drop), writes one delivery per rule (its drops, best first, the first `maxItems`
 * as the message's items) and moves each active rule's evaluated_at to `now`.
 * Answers the deliveries that are to be sent at once (not waiting for a digest).
 */
export async function createDropDeliveries(
  db: Db,
  args: { now: Date; runId: number | null; excludedTiers: string[]; maxItems: number },
): Promise<Array<{ id: number }>> {
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: number; status: string }>(
      `with eligible as materialized (
         select r.id, r.user_id, u.organization_id as org_id, r.name, r.brands, r.categories, r.min_drop_percentage, r.min_roi_percentage,
                r.min_stock, r.roi_markets, r.rearm_points, r.only_sellable, coalesce(r.evaluated_at, '-infinity'::timestamptz) as since
           from alert_rules r join users u on u.id = r.user_id join organizations o on o.id = u.organization_id
          where not r.paused and u.active and (u.role = 'ADMIN' or not (o.subscription_tier = any($3::text[])))
       ),
       -- Rules naming brands meet their drops through the active-drops-by-brand index (brand, detected_at); rules for
       -- every brand through the active-drops-by-percentage index, from their minimum drop up.
       pairs as (
         select rb.id as rule_id, d.id as drop_id, d.drop_percentage as pct, d.drop_category, d.stock, d.detected_at
           from (select id, since, unnest(brands) as brand from eligible where cardinality(brands) > 0) rb
           join price_drops d on d.status = 'active' and d.brand = rb.brand and d.detected_at > rb.since and d.expires_at > $1
         union all
         select r.id, d.id, d.drop_percentage, d.drop_category, d.stock, d.detected_at
           from eligible r
           join price_drops d on d.status = 'active' and d.drop_percentage >= r.min_drop_percentage and d.detected_at > r.since and d.expires_at > $1
          where cardinality(r.brands) = 0
         union all
         -- A rule limited to products the seller can sell also meets drops found earlier whose Can sell answer came
         -- since it last looked (Amazon is asked after the refresh that found the drop).
         select distinct r.id, d.id, d.drop_percentage, d.drop_category, d.stock, d.detected_at
           from eligible r
           join listing_restrictions lr on lr.organization_id = r.org_id and lr.status = 'CAN_SELL' and lr.checked_at >= r.since
           join lateral (
             select m.drop_id from price_drop_market_roi m where m.asin = lr.asin and m.market = lr.market
             union
             select o.drop_id from price_drop_org_roi o where o.organization_id = r.org_id and o.market_asin->>lr.market = lr.asin
           ) x on true
           join price_drops d on d.id = x.drop_id and d.status = 'active' and d.expires_at > $1 and d.detected_at <= r.since
          where r.only_sellable and (cardinality(r.brands) = 0 or d.brand = any(r.brands))
       ),
       -- The ROI condition reads the organization's own figures where its match rules touch the drop
       -- (price_drop_org_roi), else the shared per-market ROI.
       matches as (
         select p.rule_id, p.drop_id, p.pct, r.rearm_points from pairs p join eligible r on r.id = p.rule_id
           left join price_drop_org_roi o on (r.min_roi_percentage is not null or r.only_sellable) and o.organization_id = r.org_id and o.drop_id = p.drop_id
          where p.pct >= r.min_drop_percentage
            and (cardinality(r.categories) = 0 or p.drop_category = any(r.categories))
            and (r.min_stock is null or coalesce(p.stock, 0) >= r.min_stock)
            and (r.min_roi_percentage is null
                 or (case when o.drop_id is null
                          then (select max(m.roi_percentage) from price_drop_market_roi m
                                 where m.drop_id = p.drop_id and (cardinality(r.roi_markets) = 0 or m.market = any(r.roi_markets)))
                          else (select max(e.value::numeric) from jsonb_each_text(o.market_roi) e
                                 where cardinality(r.roi_markets) = 0 or e.key = any(r.roi_markets)) end) >= r.min_roi_percentage)
            -- Only products I can sell: Amazon answered Can sell for the drop's listing in a market of the rule (at its
            -- minimum ROI); the listing is the one that market's ROI was computed for (the organization's own where its
            -- match rules touch the drop).
            and (not r.only_sellable
                 or (case when o.drop_id is null
                          then exists (select 1 from price_drop_market_roi m
                                         join listing_restrictions lr on lr.organization_id = r.org_id and lr.asin = m.asin and lr.market = m.market
                                                                     and lr.status = 'CAN_SELL'
                                        where m.drop_id = p.drop_id and (cardinality(r.roi_markets) = 0 or m.market = any(r.roi_markets))
                                          and (r.min_roi_percentage is null or m.roi_percentage >= r.min_roi_percentage))
                          else exists (select 1 from jsonb_each_text(o.market_roi) e
                                         join listing_restrictions lr on lr.organization_id = r.org_id and lr.asin = o.market_asin->>e.key
                                                                     and lr.market = e.key and lr.status = 'CAN_SELL'
                                        where (cardinality(r.roi_markets) = 0 or e.key = any(r.roi_markets))
                                          and (r.min_roi_percentage is null or e.value::numeric >= r.min_roi_percentage)) end))
       ),
       passing as (
         select m.rule_id, m.drop_id, m.pct from matches m
           left join alert_drop_state s on s.rule_id = m.rule_id and s.drop_id = m.drop_id
          where s.rule_id is null or m.pct >= s.alerted_percentage + m.rearm_points
       ),
       state as (
         insert into alert_drop_state (rule_id, drop_id, alerted_percentage, alerted_at)
         select rule_id, drop_id, pct, $1 from passing
         on conflict (rule_id, drop_id) do update set alerted_percentage = excluded.alerted_percentage, alerted_at = excluded.alerted_at
       ),
       ranked as (
         select p.rule_id, p.drop_id, row_number() over w as rank, count(*) over (partition by p.rule_id) as n
           from passing p window w as (partition by p.rule_id order by p.pct desc, p.drop_id)
       ),
       -- Only the listed drops (the first maxItems per rule) are turned into message items.
       per_rule as (
         select k.rule_id, max(k.n)::int as n,
                jsonb_agg(jsonb_build_object(
                  'dropId', d.id, 'gtin', d.gtin, 'name', d.product_name, 'brand', d.brand, 'category', d.drop_category,
                  'dropPercentage', d.drop_percentage, 'oldPrice', d.old_price_excl_vat, 'newPrice', d.new_price_excl_vat, 'stock', d.stock,
                  'url', d.product_url,
                  'roi', coalesce(roi.roi_percentage, case when o.drop_id is null then d.best_roi_percentage else o.best_roi_percentage end),
                  'roiMarket', coalesce(roi.market, case when o.drop_id is null then d.best_roi_market else o.best_roi_market end)
                ) order by k.rank) as items
           from ranked k join price_drops d on d.id = k.drop_id join eligible r on r.id = k.rule_id
           left join price_drop_org_roi o on o.organization_id = r.org_id and o.drop_id = k.drop_id
           left join lateral (
             select m.market, m.roi_percentage from price_drop_market_roi m
              where o.drop_id is null and m.drop_id = k.drop_id and (cardinality(r.roi_markets) = 0 or m.market = any(r.roi_markets))
                and (not r.only_sellable or exists (select 1 from listing_restrictions lr where lr.organization_id = r.org_id
                                                      and lr.asin = m.asin and lr.market = m.market and lr.status = 'CAN_SELL'))
             union all
             select e.key, e.value::numeric from jsonb_each_text(o.market_roi) e
              where o.drop_id is not null and (cardinality(r.roi_markets) = 0 or e.key = any(r.roi_markets))
                and (not r.only_sellable or exists (select 1 from listing_restrictions lr where lr.organization_id = r.org_id
                                                      and lr.asin = o.market_asin->>e.key and lr.market = e.key and lr.status = 'CAN_SELL'))
             order by 2 desc limit 1
           ) roi on true
          where k.rank <= $4
          group by k.rule_id
       ),
       evaluated as (
         update alert_rules set evaluated_at = $1 where id in (select id from eligible)
       )
       insert into alert_deliveries (user_id, rule_id, rule_name, kind, channel, frequency, target, webhook_format, status, summary,
                                     drop_count, items, refresh_run_id, created_at)
       select r.user_id, r.id, r.name, 'drops', r.channel, case when r.channel = 'email' then r.email_frequency end,
              r.webhook_url, r.webhook_format,
              case when r.channel = 'email' and r.email_frequency <> 'instant' then 'digest' else 'queued' end,
              pr.n || case when pr.n = 1 then ' price drop' else ' price drops' end || ' for "' || r.name || '"',
              pr.n, pr.items, $2, $1
         from per_rule pr join alert_rules r on r.id = pr.rule_id
       returning id, status`,
      [args.now, args.runId, args.excludedTiers, args.maxItems],
    );
    return rows.filter((r) => r.status === 'queued').map((r) => ({ id: r.id }));
  });
}

// ---- deliveries ----

export interface DeliveryRow {
  id: number;
  userId: string;
  ruleId: number | null;
  ruleName: string | null;
  kind: 'drops' | 'digest' | 'test' | 'scan';
  channel: 'email' | 'webhook';
  frequency: string | null;
  target: string | null;
  webhookFormat: 'generic' | 'discord' | 'slack' | null;
  status: 'queued' | 'retrying' | 'sent' | 'failed' | 'digest' | 'digested';
  summary: string;
  dropCount: number;
  items: unknown[];
  attempts: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const deliveryColumns = (t: string) => `${t}.id, ${t}.user_id as "userId", ${t}.rule_id as "ruleId", ${t}.rule_name as "ruleName", ${t}.kind,
  ${t}.channel, ${t}.frequency, ${t}.target, ${t}.webhook_format as "webhookFormat", ${t}.status, ${t}.summary, ${t}.drop_count as "dropCount",
  ${t}.items, ${t}.attempts, ${t}.error, ${t}.created_at as "createdAt", ${t}.sent_at as "sentAt"`;
const DELIVERY_COLUMNS = deliveryColumns('alert_deliveries');

export function insertDelivery(
  db: Db,
  d: Pick<DeliveryRow, 'userId' | 'ruleId' | 'ruleName' | 'kind' | 'channel' | 'target' | 'webhookFormat' | 'summary' | 'dropCount' | 'items'> & {
    status?: 'queued' | 'digest';
    frequency?: string | null;
  },
  now: Date,
): Promise<DeliveryRow> {
  return db.one<DeliveryRow>(
    `insert into alert_deliveries (user_id, rule_id, rule_name, kind, channel, frequency, target, webhook_format, status, summary, drop_count, items, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13) returning ${DELIVERY_COLUMNS}`,
    [
      d.userId,
      d.ruleId,
      d.ruleName,
      d.kind,
      d.channel,
      d.frequency ?? null,
      d.target,
      d.webhookFormat,
      d.status ?? 'queued',
      d.summary,
      d.dropCount,
      JSON.stringify(d.items),
      now,
    ],
  );
}

export function findDelivery(
  db: Db,
  id: number,
): Promise<(DeliveryRow & { email: string; username: string; active: boolean; role: string; tier: string; primaryCountry: string | null }) | undefined> {
  return db.maybeOne(
    `select ${deliveryColumns('d')}, u.email, u.username, u.active, u.role, o.subscription_tier as tier, u.primary_country as "primaryCountry"
       from alert_deliveries d join users u on u.id = d.user_id join organizations o on o.id = u.organization_id
      where d.id = $1`,
    [id],
  );
}

/** The outcome of one try: sent, failed (last try) or retrying; attempts counts the tries. */
export async function recordAttempt(db: Db, id: number, outcome: { status: 'sent' | 'failed' | 'retrying'; error: string | null; now: Date }): Promise<void> {
  await db.execute(
    `update alert_deliveries set status = $2, error = $3, attempts = attempts + 1, sent_at = case when $2 = 'sent' then $4::timestamptz else sent_at end where id = $1`,
    [id, outcome.status, outcome.error, outcome.now],
  );
}

/** The delivery log: the user's last `limit` deliveries, newest first. */
export function listDeliveries(db: Db, userId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(`select ${DELIVERY_COLUMNS} from alert_deliveries where user_id = $1 order by created_at desc, id desc limit $2`, [
    userId,
    limit,
  ]);
}

// ---- digests ----

/**
 * Gathers every waiting drop delivery of `frequency` into one digest delivery per user (set-wise): the digest's
 * items are the waiting deliveries' items, best first, at most `maxItems`; the waiting rows become 'digested'.
 * Answers the new digest deliveries (to be sent).
 */
export function createDigests(db: Db, frequency: 'hourly' | 'daily', now: Date, maxItems: number): Promise<Array<{ id: number }>> {
  return db.tx(async (tx) => {
    // Each waiting delivery counts its drops once (the join with its items repeats it once per item).
    const digests = await tx.query<{ id: number; userId: string }>(
      `insert into alert_deliveries (user_id, kind, channel, frequency, status, summary, drop_count, items, created_at)
       select g.user_id, 'digest', 'email', $1, 'queued',
              initcap($1) || ' digest: ' || g.drops || case when g.drops = 1 then ' price drop' else ' price drops' end,
              g.drops, g.items, $2
         from (select w.user_id,
                      (select sum(d.drop_count) from alert_deliveries d
                        where d.user_id = w.user_id and d.status = 'digest' and d.frequency = $1) as drops,
                      to_jsonb((array_agg(i.item || jsonb_build_object('rule', w.rule_name) order by (i.item->>'dropPercentage')::numeric desc))[1:$3::int]) as items
                 from alert_deliveries w cross join lateral jsonb_array_elements(w.items) as i(item)
                where w.status = 'digest' and w.frequency = $1
                group by w.user_id) as g
       returning id, user_id as "userId"`,
      [frequency, now, maxItems],
    );
    if (digests.length > 0) {
      await tx.execute(
        `update alert_deliveries w set status = 'digested', digest_id = g.id
           from unnest($1::bigint[], $2::uuid[]) as g(id, user_id)
          where w.user_id = g.user_id and w.status = 'digest' and w.frequency = $3`,
        [digests.map((d) => d.id), digests.map((d) => d.userId), frequency],
      );
    }
    return digests.map((d) => ({ id: d.id }));
  });
}

/**
 * The per-market ROI of the drops a refresh created or improved at `detectedAt`: what they had before (at an older
 * price) is replaced.
 */
export async function saveMarketRoi(
  db: Db,
  detectedAt: Date,
  rows: Array<{ dropId: number; market: string; roi: number; asin?: string | null }>,
): Promise<void> {
  await db.execute(`delete from price_drop_market_roi m using price_drops d where d.id = m.drop_id and d.status = 'active' and d.detected_at = $1`, [
    detectedAt,
  ]);
  if (rows.length === 0) return;
  await db.execute(
    `insert into price_drop_market_roi (drop_id, market, roi_percentage, asin)
     select * from unnest($1::bigint[], $2::text[], $3::numeric[], $4::text[])
     on conflict (drop_id, market) do update set roi_percentage = excluded.roi_percentage, asin = excluded.asin`,
    [rows.map((r) => r.dropId), rows.map((r) => r.market), rows.map((r) => r.roi), rows.map((r) => r.asin ?? null)],
  );
}

// ---- scan-finished messages ----

/**
 * One e-mail delivery per supplier, CSV Template or brand scan that ended (COMPLETED or ERROR) after `since` and ran
 * at least `minSeconds`, unless its owner switched scan e-mails off; each scan once (scan_ref). Answers the new ones.
 */
export function createScanFinishedDeliveries(db: Db, since: Date, minSeconds: number, now: Date): Promise<Array<{ id: number }>> {
  return db.query<{ id: number }>(
    `with ended as (
       select 'scan:' || s.id as ref, s.user_id,
              case s.kind when 'supplier' then 'Supplier scan' else 'CSV Template scan' end as label,
              case s.kind when 'supplier' then '/supplier-level-analyzer' else '/csv-template-analyzer' end as path,
              s.status, s.file_name as name, s.error,
              jsonb_build_object('totalEans', s.total_eans, 'processedEans', s.processed_eans, 'matchedProducts', s.matched_products,
                                 'dealsFound', s.deals_found) as counts
         from scans s
        where s.status in ('COMPLETED', 'ERROR') and s.completed_at > $1
          and s.completed_at - coalesce(s.started_at, s.created_at) >= make_interval(secs => $2)
       union all
       select 'brand:' || b.id, b.user_id, 'Brand scan', '/brand-level-analyzer', b.status, array_to_string(b.brands[1:3], ', ') ||
              case when cardinality(b.brands) > 3 then ' and ' || (cardinality(b.brands) - 3) || ' more' else '' end, b.error,
              jsonb_build_object('brands', cardinality(b.brands), 'markets', array_to_string(b.markets, ', '),
                                 'favorites', (select count(*) from brand_favorites f where f.scan_id = b.id))
         from brand_scans b
        where b.status in ('COMPLETED', 'ERROR') and b.finished_at > $1
          and b.finished_at - b.created_at >= make_interval(secs => $2)
     )
     insert into alert_deliveries (user_id, kind, channel, status, summary, items, scan_ref, created_at)
     select e.user_id, 'scan', 'email', 'queued',
            e.label || ' "' || e.name || '" ' || case when e.status = 'COMPLETED' then 'finished' else 'failed' end,
            jsonb_build_array(e.counts || jsonb_build_object('label', e.label, 'path', e.path, 'status', e.status, 'name', e.name, 'error', e.error)),
            e.ref, $3
       from ended e left join alert_user_settings st on st.user_id = e.user_id
      where coalesce(st.scan_finished_email, true)
     on conflict (scan_ref) where scan_ref is not null do nothing
     returning id`,
    [since, minSeconds, now],
  );
}
