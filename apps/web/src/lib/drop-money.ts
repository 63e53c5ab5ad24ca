import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { conversionOf, formatMoney, listAmountWithOtherParts, type MoneyParts } from '@dealradar/shared/money';

/**
 * A drop's wholesale price by the money rule (docs/money.md): Qogita's prices are euro, the list currency of drops; a
 * UK user's pounds go beside them with the rate and its day ('€7.29 · £6.38 at 0.8745 on 28 Nov'). Without the
 * euro figures (example data, a continental user) the price in `currency` alone.
 */
export function dropPriceParts(item: PriceDropItem, which: 'new' | 'old', currency: string): MoneyParts {
  const regional = which === 'new' ? item.newPriceExclVat : item.oldPriceExclVat;
  const eur = which === 'new' ? item.newPriceExclVatEur : item.oldPriceExclVatEur;
  if (eur === undefined || !item.fxRate || !item.fxDate || item.currency === 'EUR')
    return { first: formatMoney(regional, item.currency ?? currency), second: null, rate: null };
  return listAmountWithOtherParts(eur, conversionOf(item.currency, 'EUR', item.fxRate, 1, item.fxDate), regional);
}
