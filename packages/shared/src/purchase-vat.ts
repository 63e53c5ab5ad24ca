/**
 * The one purchase-VAT assumption for wholesale (Qogita) prices, shared by the price-drop screens
 * (their "incl. VAT" prices) and the profit engine (the cost of a seller who cannot reclaim VAT).
 *
 * Qogita quotes prices excluding VAT. It charges 0 % to intra-EU buyers with a valid VAT number and Dutch VAT (21 %)
 * to everyone else — Dutch and UK clients and buyers without a VAT number (external-apis.md §9.2, Qogita FAQ). So:
 * - VAT-registered seller: the cost is the price excl. VAT (0 % charged, or charged and reclaimed);
 * - not registered: the cost is the price + 21 %, which is also the "incl. VAT" price the drop screens show.
 * Documented in docs/market-data.md ("Purchase VAT"). A UK registered buyer who cannot reclaim the Dutch VAT is not
 * modelled.
 */
export const WHOLESALE_VAT_RATE = 0.21;

/** The wholesale price incl. VAT (minor units, rounded to the cent) as the drop screens show it. */
export function wholesalePriceInclVat(priceExclVat: number): number {
  return Math.round(priceExclVat * (1 + WHOLESALE_VAT_RATE));
}

/** The VAT the seller pays on a wholesale purchase and cannot reclaim. */
export function unrecoverablePurchaseVatRate(vatRegistered: boolean): number {
  return vatRegistered ? 0 : WHOLESALE_VAT_RATE;
}
