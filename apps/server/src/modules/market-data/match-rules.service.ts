import type { z } from 'zod';
import {
  MAX_ALTERNATIVES,
  type matchRuleBodySchema,
  type MatchAlternative,
  type MatchRule,
  type MatchRulesQuery,
} from '@dealradar/shared/contracts/match-rules';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { ResolvedListing } from './market-data.types.ts';
import { recomputeOrgRoiForEans } from '../price-drops/org-roi.service.ts';
import { eanOfMatchRule } from '../price-drops/org-roi.service.ts';
import { deleteMatchRule, listMatchRules, organizationOfUser, saveMatchRule, type MatchRuleRow } from './match-rules.repository.ts';

/** The organization's match rules of these EANs, as a scan's listing look-up applies them (supplier-list re-run comparisons too). */
export { matchRulesForEans } from './match-rules.repository.ts';

/**
 * An organization's match rules (docs/trusted-deals.md). Every member of the organization sees, makes and
 * undoes them; they are never visible to another organization (its ids answer 404). Look-ups read them fresh.
 */

const NOT_FOUND = 'This match rule does not exist.';

function toDto(row: MatchRuleRow): MatchRule {
  return {
    id: row.id,
    ean: row.ean,
    asin: row.asin,
    kind: row.kind,
    numberOfPacks: row.numberOfPacks,
    productName: row.productName,
    market: row.market,
    createdBy: row.createdBy,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The inputs below were validated by the routes' contracts (contracts/endpoints/match-rules.ts). */
export async function pageMatchRules(deps: Pick<AppDeps, 'db'>, user: CurrentUser, query: MatchRulesQuery): Promise<Paged<MatchRule>> {
  const { page, size, search } = query;
  const { rows, total } = await listMatchRules(deps.db, user.organizationId, { limit: size, offset: page * size, search: search || undefined });
  return toPaged(rows.map(toDto), total, size);
}

export async function createMatchRule(deps: AppDeps, user: CurrentUser, input: z.output<typeof matchRuleBodySchema>): Promise<MatchRule> {
  const row = await saveMatchRule(deps.db, {
    organizationId: user.organizationId,
    ean: input.ean,
    asin: input.asin,
    kind: input.kind,
    numberOfPacks: input.kind === 'always' ? (input.numberOfPacks ?? 1) : null,
    productName: input.productName || null,
    market: input.market ?? null,
    createdBy: user.id,
    now: deps.clock.now(),
  });
  // The organization's own Best ROI of the EAN's price drops follows the rule at once.
  await recomputeOrgRoiForEans(deps, user.organizationId, [row.ean]);
  return toDto(row);
}

export async function removeMatchRule(deps: AppDeps, user: CurrentUser, id: string): Promise<void> {
  const ean = isUuid(id) ? await eanOfMatchRule(deps.db, user.organizationId, id) : undefined;
  if (!ean || !(await deleteMatchRule(deps.db, user.organizationId, id))) throw notFound(NOT_FOUND);
  await recomputeOrgRoiForEans(deps, user.organizationId, [ean]);
}

/** The organization whose rules a job of this user applies (brand scans know only the user). */
export async function ruleOrganizationOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<string | undefined> {
  return organizationOfUser(deps.db, userId);
}

/**
 * The other listings of a resolved EAN as a deal or favorite keeps them (best rank first, at most MAX_ALTERNATIVES).
 * `roiOf` prices one of them as it would be matched (its own pack count, price and fees: the alternatives
 * dialog shows each listing's price and ROI); without it the ROI is unknown (null).
 */
export function alternativesOf(resolved: ResolvedListing, roiOf?: (other: ResolvedListing) => number | null): MatchAlternative[] {
  return resolved.alternatives.slice(0, MAX_ALTERNATIVES).map((l) => {
    const numberOfPacks = Math.max(1, l.packageQuantity || 1);
    const [price, priceKind] = offerOf(l);
    // Priced as if this listing's offer were its buy box (the one price the profit engine takes).
    const roiPercentage = roiOf && price !== null ? roiOf({ listing: { ...l, buyBoxPrice: price }, numberOfPacks, alternatives: [], mapped: false }) : null;
    return {
      asin: l.asin,
      title: l.title,
      numberOfPacks,
      mainCategoryRank: l.mainCategoryRank,
      buyBoxPrice: l.buyBoxPrice === null ? null : Math.round(l.buyBoxPrice) / 100,
      price: price === null ? null : Math.round(price) / 100,
      priceKind,
      roiPercentage,
    };
  });
}

/** A listing's price now: its buy box, else its lowest FBA offer, else its lowest merchant offer (minor units). */
function offerOf(l: ResolvedListing['listing']): [number | null, MatchAlternative['priceKind']] {
  if (l.buyBoxPrice !== null) return [l.buyBoxPrice, 'buy-box'];
  if (l.lowestFbaPrice !== null) return [l.lowestFbaPrice, 'lowest-fba'];
  if (l.lowestFbmPrice !== null) return [l.lowestFbmPrice, 'lowest-fbm'];
  return [null, null];
}
