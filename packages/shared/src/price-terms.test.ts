import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_TERMS, describeDetection, detectPriceTerms, priceTermsOf, supplierPriceToEur, termsFromDetection } from './price-terms.ts';

const QOGITA_GBP = ['GTIN', 'Name', 'Category', 'Brand', '£ Lowest Price inc. shipping', 'Unit', 'Lowest Priced Offer Inventory', 'Product Link'];

describe('detectPriceTerms', () => {
  it('reads the GBP Qogita export as pounds without VAT, with Qogita’s 21 %', () => {
    const d = detectPriceTerms(QOGITA_GBP, [['5000167000000', 'Soap', 'Beauty', 'Dove', '7.29', 'each', '12', 'https://q']], '£ Lowest Price inc. shipping');
    expect(d).toMatchObject({ currency: 'GBP', currencySource: 'header', includesVat: null, qogita: true, vatRate: 0.21 });
    expect(termsFromDetection(d)).toEqual({ currency: 'GBP', includesVat: false, vatRate: 0.21 });
    expect(describeDetection(d).currency).toBe('GBP detected in the column name');
  });

  it('the EUR Qogita export stays euro', () => {
    const d = detectPriceTerms(['GTIN', '€ Lowest Price inc. shipping'], [['4006170012344', '4.20']], '€ Lowest Price inc. shipping');
    expect(termsFromDetection(d)).toEqual({ currency: 'EUR', includesVat: false, vatRate: 0.21 });
  });

  it('reads a Polish price_brutto list as złoty incl. 23 % VAT (from the cells, or from Polish column names)', () => {
    const withSign = detectPriceTerms(['ean', 'nazwa', 'marka', 'price_brutto'], [['5900000000000', 'Krem', 'Ziaja', '36,90 zł']], 'price_brutto');
    expect(withSign).toMatchObject({ currency: 'PLN', currencySource: 'cells', includesVat: true, vatWords: 'brutto' });
    expect(termsFromDetection(withSign)).toEqual({ currency: 'PLN', includesVat: true, vatRate: 0.23 });
    const plain = detectPriceTerms(['ean', 'nazwa', 'producent', 'price_brutto'], [['5900000000000', 'Krem', 'Ziaja', '36,90']], 'price_brutto');
    expect(plain).toMatchObject({ currency: 'PLN', currencySource: 'other-columns', includesVat: true });
    const column = detectPriceTerms(['EAN', 'Brand', 'Price', 'Currency'], [['5900000000000', 'Ziaja', '36,90', 'PLN']], 'Price');
    expect(column.currency).toBe('PLN');
  });

  it('finds the currency signs and codes in headers and cells', () => {
    const one = (header: string, cell = '1.00') => detectPriceTerms(['EAN', header], [['4006170012344', cell]], header).currency;
    expect(one('Price (EUR)')).toBe('EUR');
    expect(one('Preis €')).toBe('EUR');
    expect(one('Price GBP')).toBe('GBP');
    expect(one('Cena PLN')).toBe('PLN');
    expect(one('Price USD')).toBe('USD');
    expect(one('Price $')).toBe('USD');
    expect(one('Price CAD')).toBe('CAD');
    expect(one('Pris SEK')).toBe('SEK');
    expect(one('Cena Kč')).toBe('CZK');
    expect(one('Price', '£7.29')).toBe('GBP');
    expect(one('Price', '12,50 €')).toBe('EUR');
    expect(one('Price', '$3.99')).toBe('USD');
    expect(one('Price', '3.99')).toBeNull();
  });

  it('finds VAT included or excluded in EN/DE/FR/IT/ES/PL words', () => {
    const vat = (header: string) => detectPriceTerms(['EAN', header], [['4006170012344', '1.00']], header);
    expect(vat('Price inc VAT')).toMatchObject({ includesVat: true });
    expect(vat('Price incl. VAT')).toMatchObject({ includesVat: true });
    expect(vat('Prix TTC')).toMatchObject({ includesVat: true, vatRate: 0.2 });
    expect(vat('Prezzo IVA incl.')).toMatchObject({ includesVat: true });
    expect(vat('Precio IVA incluido')).toMatchObject({ includesVat: true, vatRate: 0.21 });
    expect(vat('Preis inkl. MwSt')).toMatchObject({ includesVat: true, vatRate: 0.19 });
    expect(vat('price_brutto')).toMatchObject({ includesVat: true });
    expect(vat('Price incl. 23% VAT')).toMatchObject({ includesVat: true, vatRate: 0.23 });
    expect(vat('Price ex VAT')).toMatchObject({ includesVat: false });
    expect(vat('Prix HT')).toMatchObject({ includesVat: false });
    expect(vat('Preis netto')).toMatchObject({ includesVat: false });
    expect(vat('£ Lowest Price inc. shipping')).toMatchObject({ includesVat: null });
    expect(vat('Price')).toMatchObject({ includesVat: null, vatRate: null });
  });
});

describe('supplierPriceToEur', () => {
  it('converts a net GBP price at the day’s rate: £7.29 is €8.34 at 0.8745, and £7.29 again in the UK market', () => {
    const eur = supplierPriceToEur(729, priceTermsOf('GBP'), 0.8745);
    expect(Math.round(eur)).toBe(834);
    expect(eur * 0.8745).toBeCloseTo(729, 9);
  });

  it('takes the VAT off a gross price first: 36,90 zł incl. 23 % at 4.2398 → €7.08 net', () => {
    const eur = supplierPriceToEur(3690, priceTermsOf('PLN', true), 4.2398);
    expect(Math.round(eur)).toBe(708);
  });

  it('leaves an EUR net price as it is (old clients)', () => {
    expect(supplierPriceToEur(420, DEFAULT_PRICE_TERMS, 1)).toBe(420);
    expect(supplierPriceToEur(1210, priceTermsOf('EUR', true), 1)).toBeCloseTo(1000, 9);
  });
});
