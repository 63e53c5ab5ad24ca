import { suggestQuantity } from '@dealradar/shared/buy-list';
import type { BuyList } from '@dealradar/shared/contracts/buy-list';
import { unrecoverablePurchaseVatRate } from '@dealradar/shared/purchase-vat';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { WholesaleOffer } from '../market-data/market-data.types.ts';
import { findUserFavorite } from '../brand-analyzer/favorites.service.ts';
import { findSellerProfile } from '../settings/settings.service.ts';
import { chooseOffer, NO_OFFER, NO_STOCK, QOGITA_DOWN, qogitaSupplierName } from './buy-list-qogita.service.ts';
import * as repo from './buy-list.repository.ts';
import { favoriteFigures, favoriteFxOf } from './buy-list-changes.ts';
import { buildList, requireBuyList, weeksOf } from './buy-list.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'marketData'>;

export const FAVORITE_NOT_FOUND = 'This favorite is no longer in your favorites. Please run the brand scan again.';

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Adds one of the caller's brand favorites to the organization's buy list. A favorite is a Qogita product (its
 * wholesale price is Qogita's), so its supplier is the Qogita offer a buyer would take (the cheapest with stock): its
 * seller names the group, its MOV and inventory come along, as for a Qogita price drop. The figures are the favorite's
 * as its brand scan stored them, in EUR: the unit price is Qogita's EUR price excl. VAT, the profit per listing and the
 * Amazon price are converted from the favorite's currency at the rate its profit used. Without a quantity: the
 * suggestion from the favorite's share (the organization's weeks), capped by the inventory; a larger quantity is cut to it.
 */
export async function addFavoriteLine(deps: Deps, user: CurrentUser, body: { favoriteId: string; quantity?: number | undefined }): Promise<BuyList> {
  await requireBuyList(deps, user);
  const favorite = await findUserFavorite(deps.db, user.id, body.favoriteId);
  if (!favorite) throw notFound(FAVORITE_NOT_FOUND);
  let offers: WholesaleOffer[];
  try {
    offers = (await deps.marketData.wholesaleOffers?.({ gtin: favorite.ean, productUrl: favorite.supplier_url })) ?? [];
  } catch (error) {
    throw new AppError('unavailable', QOGITA_DOWN, { cause: error });
  }
  const offer = chooseOffer(offers);
  if (!offer) throw conflict(NO_OFFER);
  const stock = offer.inventory;
  if (stock !== null && stock <= 0) throw conflict(NO_STOCK);
  const movRate = offer.mov !== null && offer.movCurrency !== 'EUR' ? (await deps.marketData.fxRate(offer.movCurrency, 'EUR')).rate : 1;

  const breakdown = favorite.breakdown;
  // EUR per unit of the favorite's currency: the rate its profit was computed at (1 in EUR markets).
  const fx = favoriteFxOf(favorite) ?? (await deps.marketData.fxRate('EUR', favorite.currency)).rate;
  const figures = favoriteFigures(favorite, fx);
  // The purchase VAT as the favorite's profit counted it: none for a VAT-registered seller, else the supplier's VAT rate.
  const vatRegistered = breakdown?.seller?.vatRegistered ?? (await findSellerProfile(deps.db, user.id)).vatRegistered;
  const purchaseVatRate = vatRegistered ? 0 : (breakdown?.supplierCost?.vatRate ?? unrecoverablePurchaseVatRate(false));
  const numberOfPacks = Math.max(1, breakdown?.numberOfPacks ?? 1);
  const share = figures.sellerUnitsPerMonth;
  const suggested = suggestQuantity({ sellerUnitsPerMonth: share, weeks: await weeksOf(deps, user.organizationId), numberOfPacks, unitsPerCase: 1, stock });
  const quantity = body.quantity === undefined ? suggested.quantity : stock === null ? body.quantity : Math.min(body.quantity, stock);
  await repo.upsertLine(
    deps.db,
    {
      organization_id: user.organizationId,
      added_by: user.id,
      deal_id: null,
      supplier_name: qogitaSupplierName(offer.seller),
      market: favorite.market,
      ean: favorite.ean,
      asin: favorite.asin,
      product_name: favorite.product_name,
      quantity,
      units_per_case: 1,
      number_of_packs: numberOfPacks,
      unit_price: figures.unitPrice ?? 0,
      purchase_vat_rate: purchaseVatRate,
      amazon_price: figures.amazonPrice,
      profit_per_listing: figures.profitPerListing,
      roi_percentage: favorite.roi_percentage,
      seller_units_per_month: share,
      price_drop_id: null,
      qogita_seller: offer.seller,
      offer_mov: offer.mov === null ? null : cents(offer.mov * movRate),
      stock,
    },
    deps.clock.now(),
  );
  return buildList(deps, user.organizationId);
}
