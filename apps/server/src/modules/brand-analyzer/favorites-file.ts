import { FAVORITE_CSV_COLUMNS, type Favorite, type FavoriteCsvColumn, type FavoritesDownloadQuery } from '@dealradar/shared/contracts/brand-analyzer';
import { LISTING_RESTRICTION_LABELS } from '@dealradar/shared/contracts/seller-account';
import type { AppDeps } from '../../deps.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { csvCell } from '../scans/result-files.ts';
import { withListingRestrictions } from '../seller-account/seller-account.service.ts';
import { listFavorites } from './favorites.repository.ts';
import { toFavorite } from './favorites.service.ts';

/** Favorites read per query while the file is written. */
const FILE_PAGE_SIZE = 1000;

/** One favorite as the CSV's values: money in its own currency (major units), Amazon's answer as its label. */
export function favoriteCsvValues(f: Favorite): Record<FavoriteCsvColumn, string | number | null> {
  return {
    ean: f.ean,
    asin: f.asin,
    market: f.market,
    currency: f.currency,
    productName: f.productName,
    brand: f.brand,
    supplierName: f.supplierName,
    supplierUrl: f.supplierUrl,
    supplierPrice: f.supplierPrice,
    amazonPrice: f.amazonPrice,
    estimatedProfit: f.estimatedProfit,
    roiPercentage: f.roiPercentage,
    mainCategoryRank: f.mainCategoryRank,
    beautyCategoryRank: f.beautyCategoryRank,
    estimatedMonthlySales: f.estimatedMonthlySales,
    numberOfSellers: f.numberOfSellers,
    profitableDays90Percentage: f.profitableShare90 == null ? null : Math.round(f.profitableShare90 * 1000) / 10,
    // Empty without a connected seller account, like the supplier deals' files.
    listingRestriction: f.listingRestriction ? LISTING_RESTRICTION_LABELS[f.listingRestriction.status] : null,
    listingApprovalUrl: f.listingRestriction?.approvalUrl ?? null,
    // Estimates (docs/sales-estimate.md); the monthly profit in the favorite's currency.
    estimatedUnitsPerMonth: f.salesEstimate?.unitsPerMonth ?? null,
    salesEstimateBasis: f.salesEstimate ? `estimate: ${f.salesEstimate.basisText}` : null,
    estimatedSellerUnitsPerMonth: f.salesEstimate?.sellerUnitsPerMonth ?? null,
    estimatedMonthlyProfit: f.estimatedMonthlyProfit ?? null,
    foundAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

/**
 * GET /brand-analyzer/favorites/download: every favorite of the user with the list's filters and order (Amazon's
 * listing filter included), as comma-separated CSV with a BOM; text cells beginning with = + - @ are neutralized.
 */
export async function favoritesCsv(deps: AppDeps, user: CurrentUser, query: FavoritesDownloadQuery): Promise<string> {
  const lines = [`\uFEFF${FAVORITE_CSV_COLUMNS.join(',')}`];
  for (let page = 0; ; page += 1) {
    const { rows } = await listFavorites(deps.db, user.id, {
      ...query,
      organizationId: user.organizationId,
      minProfitableShare: query.minProfitableShare === undefined ? null : query.minProfitableShare / 100,
      listingRestriction: query.listingRestriction ?? null,
      page,
      size: FILE_PAGE_SIZE,
    });
    const favorites = await withListingRestrictions(deps, user.organizationId, rows.map(toFavorite));
    for (const favorite of favorites) {
      const values = favoriteCsvValues(favorite);
      lines.push(FAVORITE_CSV_COLUMNS.map((column) => csvCell(values[column])).join(','));
    }
    if (rows.length < FILE_PAGE_SIZE) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}
