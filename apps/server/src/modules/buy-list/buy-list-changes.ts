import type { BuyLineChange } from '@dealradar/shared/contracts/buy-list';
import type { FavoriteRow } from '../brand-analyzer/favorites.service.ts';
import type { CatalogueRow } from '../price-drops/price-drops.service.ts';
import type { SupplierDealRow } from '../scans/deal-lookups.service.ts';
import type { BuyLineRow } from './buy-list.repository.ts';

/**
 * "Changed since added" for every kind of line (docs/buy-list.md "A changed line"): a line is a snapshot of its deal's
 * figures, and each source says in its own way what the deal is now — a newer scan of the supplier's list, a newer brand
 * scan of the favorite's brand and market, a newer Qogita price refresh of the dropped product.
 */

const cents = (value: number) => Math.round(value * 100) / 100;

const differs = (a: number | null, b: number | null, tolerance: number) =>
  (a === null) !== (b === null) || (a !== null && b !== null && Math.abs(a - b) > tolerance);

/** A favorite's figures in EUR, as a buy-list line holds them. */
export interface FavoriteFigures {
  unitPrice: number | null;
  profitPerListing: number | null;
  amazonPrice: number | null;
  roiPercentage: number;
  sellerUnitsPerMonth: number | null;
}

/** EUR per unit of the favorite's currency its profit used (1 in EUR markets); null when the favorite does not say. */
export function favoriteFxOf(favorite: FavoriteRow): number | null {
  const rate = favorite.breakdown?.fxRate;
  if (rate && rate > 0) return rate;
  return favorite.currency === 'EUR' ? 1 : null;
}

/**
 * The favorite's figures in EUR: the unit price is Qogita's EUR price excl. VAT; the profit per listing and the Amazon
 * price are converted from the favorite's currency at `fx` (the rate its profit used).
 */
export function favoriteFigures(favorite: FavoriteRow, fx: number | null): FavoriteFigures {
  const toEur = (minor: number | null) => (minor === null || fx === null ? null : cents(minor / 100 / fx));
  return {
    unitPrice: favorite.supplier_price_eur !== null ? favorite.supplier_price_eur / 100 : toEur(favorite.supplier_price),
    profitPerListing: toEur(favorite.estimated_profit),
    amazonPrice: toEur(favorite.amazon_price),
    roiPercentage: favorite.roi_percentage,
    sellerUnitsPerMonth: favorite.sales_estimate?.sellerUnitsPerMonth ?? null,
  };
}

/** A supplier-list line: the newer deal's figures when a newer scan of the list gave another price or profit. */
export function listChangeOf(line: BuyLineRow, newest: SupplierDealRow | undefined): BuyLineChange | null {
  if (!newest || newest.id === line.deal_id) return null;
  const priceMoved = differs(newest.supplier_price, line.unit_price, 0.00005);
  const profitMoved = differs(newest.estimated_profit, line.profit_per_listing, 0.005);
  if (!priceMoved && !profitMoved) return null;
  return {
    reason: 'list-scan',
    scannedAt: newest.created_at.toISOString(),
    unitPrice: newest.supplier_price,
    profitPerListing: newest.estimated_profit,
    roiPercentage: newest.roi_percentage,
    amazonPrice: newest.amazon_price,
    sellerUnitsPerMonth: newest.sales_estimate?.sellerUnitsPerMonth ?? null,
    stock: null,
    previousStock: null,
  };
}

/**
 * A line added from a brand favorite: the organization's newest favorite of the same market, EAN and ASIN (a newer brand
 * scan of the brand and market refreshes it) when its price or profit in EUR differ from the line's. A figure the
 * favorite cannot give in EUR (no rate) is not compared.
 */
export function favoriteChangeOf(line: BuyLineRow, favorite: FavoriteRow | undefined): BuyLineChange | null {
  if (!favorite) return null;
  const now = favoriteFigures(favorite, favoriteFxOf(favorite));
  const priceMoved = now.unitPrice !== null && differs(now.unitPrice, line.unit_price, 0.005);
  const profitMoved = now.profitPerListing !== null && differs(now.profitPerListing, line.profit_per_listing, 0.005);
  if (!priceMoved && !profitMoved) return null;
  return {
    reason: 'brand-scan',
    scannedAt: favorite.updated_at.toISOString(),
    unitPrice: now.unitPrice,
    profitPerListing: now.profitPerListing,
    roiPercentage: now.roiPercentage,
    amazonPrice: now.amazonPrice,
    sellerUnitsPerMonth: now.sellerUnitsPerMonth,
    stock: null,
    previousStock: null,
  };
}

/**
 * A line added from a Qogita price drop: what the newest price refresh stored for the product (Qogita's lowest offer:
 * price excl. VAT and stock) when it differs from the line's price or from the stock the refresh had when the line was
 * added. A refresh reads only the wholesale catalogue, so the Amazon side (sale price, fees) is as when added and the
 * profit follows from the profit engine's cost: profit per listing − packs × price change × (1 + purchase VAT rate);
 * the ROI is that profit over the cost basis moved by the same amount (the old basis is profit ÷ ROI). The MOV is not
 * in the catalogue: adding the drop again reads the offer.
 */
export function dropChangeOf(line: BuyLineRow, catalogue: CatalogueRow | undefined, refreshedAt: Date | null): BuyLineChange | null {
  if (!catalogue) return null;
  const unitPrice = catalogue.price_excl_vat / 100;
  const priceMoved = differs(unitPrice, line.unit_price, 0.00005);
  const stockMoved = line.catalogue_stock !== null && catalogue.stock !== line.catalogue_stock;
  if (!priceMoved && !stockMoved) return null;
  const extraCost = Math.max(1, line.number_of_packs) * (unitPrice - line.unit_price) * (1 + line.purchase_vat_rate);
  const profit = line.profit_per_listing === null ? null : cents(line.profit_per_listing - extraCost);
  let roi: number | null = null;
  // The old cost basis from a rounded ROI is only trusted when the ROI is not tiny.
  if (profit !== null && line.profit_per_listing !== null && line.roi_percentage !== null && Math.abs(line.roi_percentage) >= 1) {
    const costBasis = line.profit_per_listing / (line.roi_percentage / 100) + extraCost;
    roi = costBasis > 0 ? Math.round((profit / costBasis) * 10000) / 100 : null;
  }
  return {
    reason: 'price-refresh',
    scannedAt: (priceMoved || !refreshedAt ? catalogue.price_changed_at : refreshedAt).toISOString(),
    unitPrice,
    profitPerListing: profit,
    roiPercentage: roi,
    amazonPrice: line.amazon_price,
    sellerUnitsPerMonth: line.seller_units_per_month,
    stock: catalogue.stock,
    previousStock: line.catalogue_stock,
  };
}
