import type { Db } from '../../db/client.ts';
import type { EanMatchRules } from './listing-resolution.ts';

/** SQL of an organization's match rules (migration 0017, docs/trusted-deals.md). */

export interface MatchRuleRow {
  id: string;
  ean: string;
  asin: string;
  kind: 'never' | 'always';
  numberOfPacks: number | null;
  productName: string | null;
  market: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const COLUMNS = `r.id, r.ean, r.asin, r.kind, r.number_of_packs as "numberOfPacks", r.product_name as "productName", r.market,
  u.username as "createdBy", r.created_at as "createdAt"`;

/** The organization's rules for these EANs (one statement; a cheap existence check first, most organizations have none). */
export async function matchRulesForEans(db: Db, organizationId: string, eans: string[]): Promise<Map<string, EanMatchRules>> {
  const out = new Map<string, EanMatchRules>();
  if (!eans.length) return out;
  const any = await db.maybeOne<{ one: number }>('select 1 as one from match_rules where organization_id = $1 limit 1', [organizationId]);
  if (!any) return out;
  const rows = await db.query<{ ean: string; asin: string; kind: 'never' | 'always'; packs: number | null }>(
    `select ean, asin, kind, number_of_packs as packs from match_rules where organization_id = $1 and ean = any($2::text[])`,
    [organizationId, eans],
  );
  for (const row of rows) {
    let rules = out.get(row.ean);
    if (!rules) out.set(row.ean, (rules = { never: new Set() }));
    if (row.kind === 'never') rules.never.add(row.asin);
    else rules.always = { asin: row.asin, numberOfPacks: row.packs ?? 1 };
  }
  return out;
}

export interface NewMatchRule {
  organizationId: string;
  ean: string;
  asin: string;
  kind: 'never' | 'always';
  numberOfPacks: number | null;
  productName: string | null;
  market: string | null;
  createdBy: string;
  now: Date;
}

/**
 * Saves a rule in one transaction: it replaces the organization's rule for the same EAN and ASIN, and an always rule
 * replaces the EAN's previous always rule (switching the match to another ASIN).
 */
export async function saveMatchRule(db: Db, rule: NewMatchRule): Promise<MatchRuleRow> {
  return db.tx(async (tx) => {
    await tx.execute('delete from match_rules where organization_id = $1 and ean = $2 and asin = $3', [rule.organizationId, rule.ean, rule.asin]);
    if (rule.kind === 'always') {
      await tx.execute(`delete from match_rules where organization_id = $1 and ean = $2 and kind = 'always'`, [rule.organizationId, rule.ean]);
    }
    const { id } = await tx.one<{ id: string }>(
      `insert into match_rules (organization_id, ean, asin, kind, number_of_packs, product_name, market, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [rule.organizationId, rule.ean, rule.asin, rule.kind, rule.numberOfPacks, rule.productName, rule.market, rule.createdBy, rule.now],
    );
    return tx.one<MatchRuleRow>(`select ${COLUMNS} from match_rules r left join users u on u.id = r.created_by where r.id = $1`, [id]);
  });
}

/** One page of the organization's rules, newest first; search: part of an EAN or ASIN. */
export async function listMatchRules(
  db: Db,
  organizationId: string,
  page: { limit: number; offset: number; search?: string },
): Promise<{ rows: MatchRuleRow[]; total: number }> {
  const pattern = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`).toUpperCase()}%` : null;
  const where = `r.organization_id = $1 and ($2::text is null or r.ean like $2 or r.asin like $2)`;
  const [rows, count] = await Promise.all([
    db.query<MatchRuleRow>(
      `select ${COLUMNS} from match_rules r left join users u on u.id = r.created_by where ${where}
        order by r.created_at desc, r.id limit $3 offset $4`,
      [organizationId, pattern, page.limit, page.offset],
    ),
    db.one<{ n: number }>(`select count(*)::int as n from match_rules r where ${where}`, [organizationId, pattern]),
  ]);
  return { rows, total: count.n };
}

/** Deletes one of the organization's rules; false when the id is not the organization's (or does not exist). */
export async function deleteMatchRule(db: Db, organizationId: string, id: string): Promise<boolean> {
  return (await db.execute('delete from match_rules where id = $1 and organization_id = $2', [id, organizationId])) > 0;
}

/** The organization of a user (brand scans and other jobs that know only the user). */
export async function organizationOfUser(db: Db, userId: string): Promise<string | undefined> {
  return (await db.maybeOne<{ id: string }>('select organization_id as id from users where id = $1', [userId]))?.id;
}
