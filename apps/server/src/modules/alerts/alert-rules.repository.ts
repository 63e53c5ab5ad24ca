import type { Db } from '../../db/client.ts';

/** Alert rules and the per-(rule, drop) alert state that keeps a rule from repeating itself. */

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
