import { describe, expect, it } from 'vitest';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { joinMoneyParts } from '@dealradar/shared/money';
import { dropPriceParts } from './drop-money.ts';

const item = (extra: Partial<PriceDropItem>) => ({ newPriceExclVat: 6.38, oldPriceExclVat: 8.5, currency: 'GBP', ...extra }) as PriceDropItem;

describe("a drop's prices by the money rule", () => {
  it("shows a UK user Qogita's euro price first, the pounds beside it with the rate and its day", () => {
    const uk = item({ newPriceExclVatEur: 7.29, oldPriceExclVatEur: 9.72, fxRate: 0.8745, fxDate: '2026-11-28' });
    expect(joinMoneyParts(dropPriceParts(uk, 'new', 'GBP'))).toBe('€7.29 · £6.38 at 0.8745 on 28 Nov');
    expect(joinMoneyParts(dropPriceParts(uk, 'old', 'GBP'))).toBe('€9.72 · £8.50 at 0.8745 on 28 Nov');
  });

  it('shows euro prices alone, and example data (no euro figures) in its own currency', () => {
    expect(joinMoneyParts(dropPriceParts(item({ currency: 'EUR', newPriceExclVat: 7.29 }), 'new', 'EUR'))).toBe('€7.29');
    expect(joinMoneyParts(dropPriceParts(item({}), 'new', 'GBP'))).toBe('£6.38');
  });
});
