import type { Favorite, FavoritesQuery } from '@dealradar/shared/contracts/brand-analyzer';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';
import { listingFactsOf } from '../../lib/listing-facts.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { isUuid } from '../../lib/uuid.ts';
import { withListingRestrictions } from '../seller-account/seller-account.service.ts';
import { deleteAllFavorites, deleteFavorite, listFavorites, type FavoriteRow } from './favorites.repository.ts';

/** A stored favorite, and the look-ups of modules that keep a favorite's figures (the buy list). */
export { findUserFavorite, newestOrganizationFavorites, type FavoriteProductKey, type FavoriteRow } from './favorites.repository.ts';

export const FAVORITE_NOT_FOUND = 'Favorite not found.';

const toMajor = (minor: number) => Math.round(minor) / 100;

export function toFavorite(row: FavoriteRow): Favorite {
  return {
    id: row.id,
    ean: row.ean,
    asin: row.asin,
    market: row.market,
    currency: row.currency,
    productName: row.product_name,
    brand: row.brand,
    supplierName: row.supplier_name,
    supplierUrl: row.supplier_url,
    supplierPrice: toMajor(row.supplier_price),
    amazonPrice: toMajor(row.amazon_price),
    estimatedProfit: toMajor(row.estimated_profit),
    roiPercentage: row.roi_percentage,
    ...listingFactsOf(row, row.qogita_image_url),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    alternatives: row.alternatives ?? [],
    matchSource: row.match_source ?? null,
    warnings: row.warnings ?? [],
    buyBoxAvg30: row.buy_box_avg30 === null ? null : toMajor(row.buy_box_avg30),
    buyBoxAvg90: row.buy_box_avg90 === null ? null : toMajor(row.buy_box_avg90),
    profitableShare90: row.profitable_share90,
    breakdown: row.breakdown ?? null,
    supplierPriceEur: row.supplier_price_eur === null ? null : toMajor(row.supplier_price_eur),
    salesEstimate: row.sales_estimate ?? null,
    estimatedMonthlyProfit: row.estimated_monthly_profit ?? null,
  };
}

/**
 * GET /brand-analyzer/favorites: the user's favorites, filtered by brands, markets and Amazon's listing answer, sorted,
 * paged (zero-based), each with Amazon's listing answer when the organization has a connected seller account.
 */
export async function listUserFavorites(deps: Pick<AppDeps, 'db'>, user: CurrentUser, input: FavoritesQuery): Promise<Paged<Favorite>> {
  const { rows, total } = await listFavorites(deps.db, user.id, {
    ...input,
    organizationId: user.organizationId,
    minProfitableShare: input.minProfitableShare === undefined ? null : input.minProfitableShare / 100,
    listingRestriction: input.listingRestriction ?? null,
  });
  // Amazon's answer for the organization's seller account on each favorite (left out without a connected account).
  const favorites = await withListingRestrictions(deps, user.organizationId, rows.map(toFavorite));
  return toPaged(favorites, total, input.size);
}

/** DELETE /brand-analyzer/favorites/{id}: only the user's own favorite (anyone else's answers 404). */
export async function deleteUserFavorite(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<void> {
  const deleted = isUuid(id) ? await deleteFavorite(deps.db, user.id, id) : 0;
  if (deleted === 0) throw notFound(FAVORITE_NOT_FOUND);
}

/** DELETE /brand-analyzer/favorites: all of the user's favorites. */
export async function deleteAllUserFavorites(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<{ deleted: number }> {
  return { deleted: await deleteAllFavorites(deps.db, user.id) };
}
