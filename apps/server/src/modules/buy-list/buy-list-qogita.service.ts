import { suggestQuantity } from '@dealradar/shared/buy-list';
import type { BuyList, SendToWatchlistResult, WatchlistLineResult } from '@dealradar/shared/contracts/buy-list';
import { maxBuyPriceAtRoi } from '@dealradar/shared/max-buy-price';
import { unrecoverablePurchaseVatRate } from '@dealradar/shared/purchase-vat';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { WholesaleOffer } from '../market-data/market-data.types.ts';
import { getDropProfit } from '../price-drops/drop-profit.service.ts';
import { findActiveDrop } from '../price-drops/price-drops.service.ts';
import { getUserSettings } from '../settings/settings.service.ts';
import { buildList, requireBuyList, WATCHLIST_UNAVAILABLE, weeksOf } from './buy-list.service.ts';
import * as qogitaRepo from './buy-list-qogita.repository.ts';
import * as repo from './buy-list.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'marketData'>;

export const NO_OFFER = 'Qogita has no offer for this product right now, so there is no seller to buy it from.';
export const NO_STOCK = 'The Qogita seller has no stock of this product right now.';
export const QOGITA_DOWN = 'Qogita could not be reached to read the offer. Please try again in a few minutes.';

/** The name of a Qogita seller's group on the buy list. */
export const qogitaSupplierName = (seller: string) => `Qogita · ${seller}`;

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The offer a buyer would take: the cheapest one with stock (the catalogue's lowest price, which the drop is), else the
 * cheapest; null without offers.
 */
export function chooseOffer(offers: WholesaleOffer[]): WholesaleOffer | null {
  const byPrice = [...offers].sort((a, b) => a.price - b.price || a.seller.localeCompare(b.seller));
  return byPrice.find((o) => o.inventory === null || o.inventory > 0) ?? byPrice[0] ?? null;
}

/**
 * Adds a Qogita price drop to the organization's buy list: supplier = the cheapest offer's seller, its MOV (EUR) and
 * inventory; unit price = the drop's new price excl. VAT; profit, ROI, market, ASIN and packs = the drop's profit basis
 * for the caller (the Best-ROI market) with its sales estimate. Without a quantity the suggestion (the organization's
 * weeks of the seller's share; one unit without a share), capped by the inventory; a quantity above the inventory is cut
 * to it.
 */
export async function addPriceDropLine(deps: Deps, user: CurrentUser, body: { priceDropId: number; quantity?: number | undefined }): Promise<BuyList> {
  await requireBuyList(deps, user);
  const now = deps.clock.now();
  // The drop's profit basis also applies the price-data gate and answers 404 for an unknown or ended drop.
  const profit = await getDropProfit(deps, user, body.priceDropId);
  const drop = await findActiveDrop(deps.db, body.priceDropId, now);
  if (!drop) throw notFound('Price drop not found.');
  let offers: WholesaleOffer[];
  try {
    offers = (await deps.marketData.wholesaleOffers?.({ gtin: drop.gtin, productUrl: drop.productUrl })) ?? [];
  } catch (error) {
    throw new AppError('unavailable', QOGITA_DOWN, { cause: error });
  }
  const offer = chooseOffer(offers);
  if (!offer) throw conflict(NO_OFFER);
  const stock = offer.inventory ?? drop.stock;
  if (stock !== null && stock <= 0) throw conflict(NO_STOCK);
  const movRate = offer.mov !== null && offer.movCurrency !== 'EUR' ? (await deps.marketData.fxRate(offer.movCurrency, 'EUR')).rate : 1;
  // The seller's share of the listing in the drop's market (the drop's sales estimate), for the suggestion.
  const share = profit.available ? (profit.salesEstimate?.sellerUnitsPerMonth ?? null) : null;
  const numberOfPacks = Math.max(1, profit.numberOfPacks ?? 1);
  const suggested = suggestQuantity({ sellerUnitsPerMonth: share, weeks: await weeksOf(deps, user.organizationId), numberOfPacks, unitsPerCase: 1, stock });
  const quantity = body.quantity === undefined ? suggested.quantity : stock === null ? body.quantity : Math.min(body.quantity, stock);
  const profitEur = profit.available && profit.profit !== null && profit.fxRate > 0 ? cents(profit.profit / profit.fxRate) : null;
  await repo.upsertLine(
    deps.db,
    {
      organization_id: user.organizationId,
      added_by: user.id,
      deal_id: null,
      supplier_name: qogitaSupplierName(offer.seller),
      market: profit.market,
      ean: drop.gtin,
      asin: profit.asin ?? '',
      product_name: drop.productName,
      quantity,
      units_per_case: 1,
      number_of_packs: numberOfPacks,
      unit_price: drop.newExcl / 100,
      purchase_vat_rate: unrecoverablePurchaseVatRate(profit.vatRegistered),
      amazon_price: profit.available ? profit.salePrice : null,
      profit_per_listing: profitEur,
      roi_percentage: profit.available ? profit.roiPercentage : null,
      seller_units_per_month: share,
      price_drop_id: drop.id,
      qogita_seller: offer.seller,
      offer_mov: offer.mov === null ? null : cents(offer.mov * movRate),
      stock,
      catalogue_stock: drop.stock,
    },
    now,
  );
  return buildList(deps, user.organizationId);
}

const sameGtin = (a: string, b: string) => a.replace(/^0+/, '') === b.replace(/^0+/, '');

/**
 * Puts one Qogita group's lines on the buyer's Qogita watchlist through the install's Qogita account: target price =
 * the maximum buy price at the caller's minimum ROI (the deals' formula, EUR), target quantity = the line's quantity;
 * PATCH for a GTIN already on the watchlist, POST otherwise. A line Qogita refuses gets Qogita's sentence and keeps
 * what it had; an accepted line records what was sent.
 */
export async function sendToWatchlist(deps: Deps, user: CurrentUser, supplierName: string): Promise<SendToWatchlistResult> {
  await requireBuyList(deps, user);
  const watchlist = deps.marketData.qogitaWatchlist ?? null;
  if (!watchlist) throw conflict(WATCHLIST_UNAVAILABLE);
  const lines = (await repo.listLines(deps.db, user.organizationId)).filter((l) => l.supplier_name === supplierName && l.source === 'qogita');
  if (!lines.length) throw notFound(`There is no Qogita line of "${supplierName}" on the buy list.`);
  const { minRoiThreshold: minRoi } = await getUserSettings(deps, user);
  let existing: Set<string>;
  try {
    existing = await watchlist.listGtins();
  } catch (error) {
    throw new AppError('unavailable', `Qogita could not be reached to read the watchlist: ${(error as Error).message}`, { cause: error });
  }
  const results: WatchlistLineResult[] = [];
  for (const line of lines) {
    const target = maxBuyPriceAtRoi(line.unit_price, line.roi_percentage === null ? null : line.roi_percentage / 100, minRoi);
    const base = {
      lineId: line.id,
      ean: line.ean,
      productName: line.product_name,
      targetPrice: target,
      targetPriceCurrency: 'EUR',
      targetQuantity: line.quantity,
    };
    if (target === null || target <= 0) {
      results.push({
        ...base,
        outcome: 'skipped',
        error:
          target === null
            ? 'Not sent: without an ROI for this product there is no maximum buy price.'
            : `Not sent: no price reaches your minimum ROI of ${Math.round(minRoi * 1000) / 10} %.`,
      });
      continue;
    }
    const exists = [...existing].some((g) => sameGtin(g, line.ean));
    try {
      const answer = await watchlist.put({ gtin: line.ean, targetPrice: target.toFixed(2), targetPriceCurrency: 'EUR', targetQuantity: line.quantity }, exists);
      if (answer.ok) {
        await qogitaRepo.saveWatchlistSent(deps.db, user.organizationId, line.id, target, line.quantity, deps.clock.now());
        results.push({ ...base, outcome: answer.action, error: null });
      } else {
        results.push({ ...base, outcome: 'refused', error: `Qogita refused it: ${answer.error}` });
      }
    } catch (error) {
      results.push({ ...base, outcome: 'refused', error: `Qogita could not be reached: ${(error as Error).message}` });
    }
  }
  return { supplierName, results, list: await buildList(deps, user.organizationId) };
}
