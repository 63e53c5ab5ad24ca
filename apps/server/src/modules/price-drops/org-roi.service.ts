import type { AppDeps } from '../../deps.ts';
import { bestOf, roiPerMarket } from './drop-roi.ts';
import { queueDropListingChecks } from './drop-listings.service.ts';
import { pairsDetectedAt, pairsOfOrganization, replaceRowsDetectedAt, replaceRowsOfEans, type OrgDropPair, type OrgRoiRow } from './org-roi.repository.ts';

/** The EAN a match rule is about, so a changed rule recomputes its drops' own ROI. */
export { eanOfMatchRule } from './org-roi.repository.ts';

/**
 * An organization's own Best ROI of the price drops its match rules touch (docs/price-drops.md
 * "Best ROI per organization"). The shared figure of a drop is computed once for everybody; an organization that
 * marked the drop's listing "wrong match" or chose another listing / pack count ("always match") gets a row computed
 * with its rules, which its lists, dashboard and alert rules read instead. The work is one look-up per market and
 * organization for the drops its rules name: it grows with the rules, never with organizations × drops.
 */

type Deps = Pick<AppDeps, 'db' | 'marketData' | 'log' | 'clock'> & Partial<Pick<AppDeps, 'queue'>>;

async function computeRows(deps: Deps, pairs: OrgDropPair[], at: Date): Promise<OrgRoiRow[]> {
  const byOrg = new Map<string, OrgDropPair[]>();
  for (const pair of pairs) {
    const list = byOrg.get(pair.organizationId) ?? [];
    list.push({ ...pair, id: Number(pair.id) });
    byOrg.set(pair.organizationId, list);
  }
  const rows: OrgRoiRow[] = [];
  for (const [organizationId, drops] of byOrg) {
    const perMarket = await roiPerMarket(deps, drops, at, organizationId);
    const best = bestOf(perMarket);
    for (const drop of drops) {
      const markets: Record<string, number> = {};
      const asins: Record<string, string> = {};
      for (const m of perMarket) {
        if (m.dropId !== drop.id) continue;
        markets[m.market] = m.roi;
        if (m.asin) asins[m.market] = m.asin;
      }
      const top = best.get(drop.id);
      rows.push({
        organizationId,
        dropId: drop.id,
        bestRoi: top?.roi ?? null,
        bestMarket: top?.market ?? null,
        markets,
        asins,
        salesEstimate: top?.salesEstimate ?? null,
        monthlyProfitEur: top?.monthlyProfitEur ?? null,
      });
    }
  }
  return rows;
}

/** After a refresh computed the shared ROI: the organizations' rows of the drops it created or improved at `detectedAt`. */
export async function recomputeOrgRoiAfterRefresh(deps: Deps, detectedAt: Date): Promise<number> {
  const pairs = await pairsDetectedAt(deps.db, detectedAt);
  const rows = await computeRows(deps, pairs, detectedAt);
  await replaceRowsDetectedAt(deps.db, detectedAt, rows, deps.clock.now());
  return rows.length;
}

/**
 * After one of the organization's match rules of these EANs was saved or deleted: its rows of their active drops,
 * computed again with the rules it has now (none left: the rows go, and it reads the shared figure). A failure is
 * logged and never fails the rule's own request.
 */
export async function recomputeOrgRoiForEans(deps: Deps, organizationId: string, eans: string[]): Promise<void> {
  try {
    const pairs = await pairsOfOrganization(deps.db, organizationId, eans);
    const now = deps.clock.now();
    const rows = await computeRows(deps, pairs, now);
    await replaceRowsOfEans(deps.db, organizationId, eans, rows, now);
    // Its own figures may name other listings or turn a ROI positive: those are checked with Amazon too.
    await queueDropListingChecks(deps, { organizationId, eans });
  } catch (error) {
    deps.log.error({ err: (error as Error).message, organizationId }, "the organization's own price-drop ROI could not be computed");
  }
}
