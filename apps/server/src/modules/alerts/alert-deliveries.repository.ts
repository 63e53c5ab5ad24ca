import type { Db } from '../../db/client.ts';

/** The alert deliveries: matching drops to rules after a refresh, the delivery log, digests and scan-finished messages. */

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

// ---- scan-finished messages ----

/** One scan-finished e-mail to write: the scan it is about (`ref`, each scan once), its owner, subject and item. */
export interface NewScanFinishedDelivery {
  ref: string;
  userId: string;
  summary: string;
  item: object;
}

/**
 * One e-mail delivery per ended scan, unless its owner switched scan e-mails off; a scan that already has its delivery
 * (scan_ref) gets no second one. Answers the new ones.
 */
export function createScanFinishedDeliveries(db: Db, messages: NewScanFinishedDelivery[], now: Date): Promise<Array<{ id: number }>> {
  if (messages.length === 0) return Promise.resolve([]);
  return db.query<{ id: number }>(
    `insert into alert_deliveries (user_id, kind, channel, status, summary, items, scan_ref, created_at)
     select m.user_id, 'scan', 'email', 'queued', m.summary, jsonb_build_array(m.item), m.ref, $5
       from unnest($1::text[], $2::uuid[], $3::text[], $4::jsonb[]) as m(ref, user_id, summary, item)
       left join alert_user_settings st on st.user_id = m.user_id
      where coalesce(st.scan_finished_email, true)
     on conflict (scan_ref) where scan_ref is not null do nothing
     returning id`,
    [messages.map((m) => m.ref), messages.map((m) => m.userId), messages.map((m) => m.summary), messages.map((m) => JSON.stringify(m.item)), now],
  );
}
