/**
 * The buy list's rules (docs/buy-list.md): the suggested quantity of a deal and the figures of one supplier's lines.
 * Money in EUR major units; quantities in the supplier's units (what the supplier invoices), a listing sold on Amazon
 * being `numberOfPacks` of them.
 */

/** Weeks of the seller's share a suggested quantity covers, unless the organization chose another number. */
export const DEFAULT_BUY_LIST_WEEKS = 4;
export const MAX_BUY_LIST_WEEKS = 52;
/** A line holds at most this many units (a typing slip, not a purchase). */
export const MAX_BUY_LIST_QUANTITY = 1_000_000;

/** Weeks in a month on average (52 weeks ÷ 12 months): the share is a monthly figure. */
export const WEEKS_PER_MONTH = 52 / 12;
/** Days in a month on average (365 ÷ 12), for the days to sell a lot. */
export const DAYS_PER_MONTH = 365 / 12;

const cents = (value: number) => Math.round(value * 100) / 100;

export interface QuantityInput {
  /** The seller's estimated units a month (listings sold); null: no share (no estimate, or Amazon almost always on the buy box). */
  sellerUnitsPerMonth: number | null;
  weeks: number;
  /** Supplier units in one Amazon listing (a multi-pack); 1 for a single unit. */
  numberOfPacks: number;
  /** Units the supplier sells together (the list's units per price); 1 when the list quotes single units. */
  unitsPerCase: number;
  /** The supplier's stock in units; null: unknown. */
  stock: number | null;
}

export interface SuggestedQuantity {
  /** Units to order: a whole number of cases, at least one case; 0 only when the known stock holds no whole case. */
  quantity: number;
  /** How it was reached, for the screen ("4 weeks of ≈ 45.5 a month = 42 → 4 cases of 12 = 48 → stock 40 → 36"). */
  basis: 'share' | 'one-case';
  cappedByStock: boolean;
}

/**
 * The quantity that covers `weeks` of the seller's share: share × weeks ÷ (52/12) listings, × numberOfPacks units,
 * rounded up to whole units and then up to whole cases; capped by the stock where known (down to the whole cases the
 * stock holds). Without a share one case is suggested (the smallest order the supplier takes).
 */
export function suggestQuantity(input: QuantityInput): SuggestedQuantity {
  const caseSize = Math.max(1, Math.floor(input.unitsPerCase || 1));
  const packs = Math.max(1, Math.floor(input.numberOfPacks || 1));
  const share = input.sellerUnitsPerMonth;
  let quantity: number;
  let basis: SuggestedQuantity['basis'];
  if (share === null || !(share > 0)) {
    quantity = caseSize;
    basis = 'one-case';
  } else {
    // 1e-9: 45.5 × 4 ÷ (52/12) is 42.000000000000007 in floating point, which must stay 42.
    const units = Math.ceil((share * input.weeks * packs) / WEEKS_PER_MONTH - 1e-9);
    quantity = Math.max(1, Math.ceil(units / caseSize)) * caseSize;
    basis = 'share';
  }
  let cappedByStock = false;
  if (input.stock !== null && input.stock >= 0 && quantity > input.stock) {
    quantity = Math.floor(input.stock / caseSize) * caseSize;
    cappedByStock = true;
  }
  return { quantity, basis, cappedByStock };
}

/** One line as the supplier figures need it. */
export interface BuyLineFigures {
  quantity: number;
  /** Supplier unit price, EUR excl. VAT. */
  unitPrice: number;
  /** Purchase VAT the seller pays and cannot reclaim (0 for a VAT-registered seller), a fraction. */
  purchaseVatRate: number;
  /** Profit of one Amazon listing (EUR, the deal's estimatedProfit: purchase VAT, fees and VAT already taken off). */
  profitPerListing: number | null;
  numberOfPacks: number;
  sellerUnitsPerMonth: number | null;
}

export interface SupplierFigures {
  units: number;
  /** Σ quantity × unit price excl. VAT: what the supplier invoices before VAT, compared with the minimum order value. */
  orderValue: number;
  /** Σ quantity × unit price × (1 + purchase VAT rate): the money the lot ties up. */
  capital: number;
  /** Σ quantity ÷ numberOfPacks × profit per listing, over the lines with a profit. */
  expectedProfit: number;
  /** expectedProfit ÷ capital (fraction); null without capital. */
  roi: number | null;
  /**
   * Days until the slowest line is sold at the seller's share (the lines sell side by side, on their own listings):
   * max over the lines of quantity ÷ numberOfPacks ÷ (share ÷ days a month), rounded up; null when no line has a share.
   */
  daysToSell: number | null;
  /** Lines without a share, left out of daysToSell. */
  linesWithoutShare: number;
  minOrderValue: number | null;
  /** null: no minimum order value set. */
  movMet: boolean | null;
  /** What is missing to the minimum order value (0 once met); null without one. */
  movShortfall: number | null;
}

export function lineTotal(quantity: number, unitPrice: number): number {
  return cents(quantity * unitPrice);
}

export function supplierFigures(lines: BuyLineFigures[], minOrderValue: number | null): SupplierFigures {
  let units = 0;
  let orderValue = 0;
  let capital = 0;
  let expectedProfit = 0;
  let daysToSell: number | null = null;
  let linesWithoutShare = 0;
  for (const line of lines) {
    const packs = Math.max(1, line.numberOfPacks || 1);
    units += line.quantity;
    orderValue += lineTotal(line.quantity, line.unitPrice);
    capital += line.quantity * line.unitPrice * (1 + line.purchaseVatRate);
    if (line.profitPerListing !== null) expectedProfit += (line.quantity / packs) * line.profitPerListing;
    if (line.sellerUnitsPerMonth !== null && line.sellerUnitsPerMonth > 0) {
      const days = Math.ceil((line.quantity / packs / line.sellerUnitsPerMonth) * DAYS_PER_MONTH - 1e-9);
      daysToSell = Math.max(daysToSell ?? 0, days);
    } else {
      linesWithoutShare += 1;
    }
  }
  orderValue = cents(orderValue);
  capital = cents(capital);
  expectedProfit = cents(expectedProfit);
  const movMet = minOrderValue === null ? null : orderValue + 1e-9 >= minOrderValue;
  return {
    units,
    orderValue,
    capital,
    expectedProfit,
    roi: capital > 0 ? expectedProfit / capital : null,
    daysToSell,
    linesWithoutShare,
    minOrderValue,
    movMet,
    movShortfall: minOrderValue === null ? null : cents(Math.max(0, minOrderValue - orderValue)),
  };
}
