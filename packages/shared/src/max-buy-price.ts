/**
 * The maximum buy price of a deal at any minimum ROI, from the deal's stored unit price and ROI (the deals
 * list and its texts follow the user's current minimum ROI, not the one the scan ran with).
 *
 * It is the profit engine's own `maxUnitCostForMinRoi` (profit.ts): (revenue − fees − prep × (1 + minRoi)) /
 * (n × (1 + purchase VAT) × (1 + minRoi)). A scan prices without prep, and its ROI is (revenue − fees) / cost basis with
 * cost basis = n × unit cost × (1 + purchase VAT); so revenue − fees = n × unit cost × (1 + purchase VAT) × (1 + ROI)
 * and the maximum is unit cost × (1 + ROI) / (1 + minRoi) — in the unit price's own currency, so no rate is needed.
 * Rounded down to the cent (buying at it still reaches the minimum ROI); 0 when no price would; null without a price
 * or an ROI.
 */
export function maxBuyPriceAtRoi(unitPrice: number | null, roi: number | null, minRoi: number): number | null {
  if (unitPrice === null || roi === null || !Number.isFinite(unitPrice) || !Number.isFinite(roi) || unitPrice <= 0) return null;
  const max = (unitPrice * (1 + roi)) / (1 + minRoi);
  return Math.max(0, Math.floor(max * 100 + 1e-7) / 100);
}
