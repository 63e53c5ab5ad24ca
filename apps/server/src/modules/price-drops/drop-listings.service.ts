import type { ListingRestriction } from '@dealradar/shared/contracts/seller-account';
import type { AppDeps } from '../../deps.ts';
import { queueListingChecksQuietly } from '../seller-account/seller-account.jobs.ts';
import { withListingRestrictions } from '../seller-account/seller-account.service.ts';
import { connectedOrganizations, dropMarkets, sellableCandidates } from './price-drops.repository.ts';

/**
 * Amazon's listing restrictions on price drops (docs/seller-account.md "Price drops"). A drop is shown as a deal in its
 * Best-ROI market; its listing there (the ASIN that market's ROI was computed for) carries the badge, the breakdown's
 * line and the list's filter. Checks are queued through the seller-account module's shared queue, for organizations
 * with a connected account, for the listings of active drops with a positive ROI for the organization.
 */

/** Listings queued per organization and refresh at most (the highest ROI first); Amazon's answers are reused a week. */
export const DROP_CHECKS_LIMIT = 5000;
export const NO_POSITIVE_ROI = 'Not checked: only drops with an Amazon listing and a positive ROI are checked with Amazon.';
export const NOT_CHECKED_YET = 'Not checked with Amazon yet: it is checked after the next price refresh.';

type QueueDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'queue'>>;

/**
 * Queues the check of the drops' listings for every organization with a connected seller account (or only
 * `organizationId`, and only the drops of `eans`). Never fails its caller (a refresh, a match rule's save): logged.
 */
export async function queueDropListingChecks(deps: QueueDeps, options: { organizationId?: string; eans?: string[] } = {}): Promise<number> {
  let queuedFor = 0;
  try {
    const orgs = await connectedOrganizations(deps.db, options.organizationId);
    const now = deps.clock.now();
    for (const organizationId of orgs) {
      const items = await sellableCandidates(deps.db, organizationId, now, DROP_CHECKS_LIMIT, options.eans);
      if (items.length === 0) continue;
      // queueListingChecks reads db, clock, log and queue only.
      await queueListingChecksQuietly(deps as AppDeps, organizationId, items);
      queuedFor += 1;
    }
  } catch (error) {
    deps.log.error({ err: (error as Error).message }, 'listing checks of price drops could not be queued');
  }
  return queuedFor;
}

type Restricted<T> = T & { listingRestriction?: ListingRestriction | null; listing?: { asin: string; market: string } | null };

/** Our own "not checked" sentences for a drop listing Amazon has no answer for. */
function ownReason(restriction: ListingRestriction, checkable: boolean): ListingRestriction {
  if (restriction.status !== 'NOT_CHECKED' || restriction.checkedAt !== null) return restriction;
  return { ...restriction, reason: checkable ? NOT_CHECKED_YET : NO_POSITIVE_ROI };
}

/**
 * Each drop with Amazon's answer for its listing in its Best-ROI market (the organization's own market where its
 * match rules touch the drop) and that listing (its ASIN and market, for "check again"), when the organization has a
 * connected account; otherwise the rows as they are.
 */
export async function withDropRestrictions<T extends { id: number; bestRoi: number | null; bestRoiMarket: string | null }>(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  rows: T[],
): Promise<Array<Restricted<T>>> {
  if (rows.length === 0) return rows;
  const markets = await dropMarkets(
    deps.db,
    organizationId,
    rows.map((r) => Number(r.id)),
  );
  const asinOf = new Map(markets.map((m) => [`${m.dropId}|${m.market}`, m.asin]));
  const listings = rows.map((r) => ({
    asin: (r.bestRoiMarket && asinOf.get(`${Number(r.id)}|${r.bestRoiMarket}`)) || '',
    market: r.bestRoiMarket ?? '',
  }));
  const checked = await withListingRestrictions(deps, organizationId, listings);
  return rows.map((row, i) => {
    const restriction = checked[i]?.listingRestriction;
    if (restriction === undefined) return row;
    const { asin, market } = listings[i]!;
    const checkable = !!asin && row.bestRoi !== null && Number(row.bestRoi) > 0;
    return { ...row, listingRestriction: restriction && ownReason(restriction, checkable), listing: asin && market ? { asin, market } : null };
  });
}

/** Amazon's answer for one listing of a drop (its profit breakdown); undefined without a connected account. */
export async function restrictionOfListing(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  listing: { asin: string | null; market: string; roi: number | null },
): Promise<ListingRestriction | null | undefined> {
  const [checked] = await withListingRestrictions(deps, organizationId, [{ asin: listing.asin ?? '', market: listing.market }]);
  const restriction = checked?.listingRestriction;
  if (!restriction) return restriction;
  return ownReason(restriction, !!listing.asin && listing.roi !== null && listing.roi > 0);
}
