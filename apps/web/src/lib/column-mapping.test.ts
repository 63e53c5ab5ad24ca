import { describe, expect, it } from 'vitest';
import {
  detectedPriceTerms,
  guessedChoices,
  mappingFormFields,
  mappingOf,
  parseUnitsPerPrice,
  parseVatRate,
  withCurrency,
  type MappingChoices,
} from './column-mapping.ts';

const none: MappingChoices = { ean: null, brand: null, noBrandColumn: false, price: null, unitsColumn: null, unitsPerPrice: '' };

describe('the mapping dialog pre-selects the shared guesses', () => {
  it('guesses EAN by content, price and units by name in the supplier language', () => {
    const preview = {
      headers: ['Artikelnummer', 'Bezeichnung', 'EK netto', 'VPE'],
      rows: [],
      sampleRows: [
        ['4006381333931', 'Stift', '4,20', '6'],
        ['5000167000000', 'Seife', '1,05', '12'],
        ['3600531142742', 'Creme', '12,50', '6'],
      ],
    };
    expect(guessedChoices(preview)).toMatchObject({
      ean: 'Artikelnummer',
      brand: null,
      noBrandColumn: false,
      price: 'EK netto',
      unitsColumn: 'VPE',
      unitsPerPrice: '',
      // "netto": without VAT; no currency named: EUR
      priceTerms: { currency: 'EUR', includesVat: false, vatRate: '21', detectedFor: 'EK netto', touched: false },
    });
  });
});

describe('The price currency and VAT (issue 23 item 2)', () => {
  const qogita = {
    headers: ['GTIN', 'Name', 'Brand', '£ Lowest Price inc. shipping', 'Product Link'],
    rows: [['5000167000000', 'Soap', 'Dove', '7.29', 'https://q']],
  };
  it('detects GBP from a Qogita export and sends it with the mapping', () => {
    const choices = guessedChoices(qogita);
    expect(choices.priceTerms).toMatchObject({ currency: 'GBP', includesVat: false, vatRate: '21' });
    const mapping = mappingOf(choices, { priceRequired: true })!;
    expect(mapping.priceTerms).toEqual({ currency: 'GBP', includesVat: false, vatRate: 0.21 });
    expect(mappingFormFields(mapping)).toEqual(
      expect.arrayContaining([
        ['priceCurrency', 'GBP'],
        ['priceIncludesVat', 'false'],
        ['priceVatRate', '21'],
      ]),
    );
  });
  it('detects a Polish gross price and takes the currency’s rate when the user changes the currency', () => {
    const polish = { headers: ['ean', 'nazwa', 'marka', 'price_brutto'], rows: [['5900000000003', 'Krem', 'Ziaja', '36,90 zł']] };
    const terms = detectedPriceTerms(polish, 'price_brutto');
    expect(terms).toMatchObject({ currency: 'PLN', includesVat: true, vatRate: '23' });
    expect(withCurrency(terms, 'GBP')).toMatchObject({ currency: 'GBP', vatRate: '20', touched: true });
  });
  it('keeps Confirm disabled on a VAT rate that is not 0–30 %', () => {
    const choices = guessedChoices(qogita);
    expect(mappingOf({ ...choices, priceTerms: { ...choices.priceTerms!, vatRate: '45' } }, { priceRequired: true })).toBeNull();
    expect(parseVatRate('4,2,0')).toMatchObject({ ok: false });
    expect(parseVatRate('23')).toEqual({ ok: true, value: 0.23 });
  });
});

describe('Confirm (SPEC §5: disabled until EAN and brand are chosen; "No brand column" counts)', () => {
  it('needs the EAN and a brand column or the no-brand choice', () => {
    expect(mappingOf({ ...none, ean: 'EAN' }, { priceRequired: false })).toBeNull();
    expect(mappingOf({ ...none, brand: 'Brand' }, { priceRequired: false })).toBeNull();
    expect(mappingOf({ ...none, ean: 'EAN', noBrandColumn: true }, { priceRequired: false })).toMatchObject({ ean: 'EAN', brand: null });
    expect(mappingOf({ ...none, ean: 'EAN', brand: 'Brand', noBrandColumn: true }, { priceRequired: false })).toMatchObject({ brand: null });
  });
  it('needs the price in the Supplier Level Analyzer only', () => {
    const choices = { ...none, ean: 'EAN', brand: 'Brand' };
    expect(mappingOf(choices, { priceRequired: true })).toBeNull();
    expect(mappingOf(choices, { priceRequired: false })).toEqual({ ean: 'EAN', brand: 'Brand', price: null, units: null, sheet: null });
  });
  it('takes a units column or a typed whole number, and stays disabled on a wrong number', () => {
    const choices = { ...none, ean: 'EAN', brand: 'Brand', price: 'Price' };
    expect(mappingOf({ ...choices, unitsColumn: 'Pack' }, { priceRequired: true })?.units).toEqual({ column: 'Pack' });
    expect(mappingOf({ ...choices, unitsPerPrice: '6' }, { priceRequired: true, sheet: 'Prices' })).toMatchObject({ units: { perPrice: 6 }, sheet: 'Prices' });
    expect(mappingOf({ ...choices, unitsPerPrice: '2,5' }, { priceRequired: true })).toBeNull();
    expect(mappingOf({ ...choices, unitsPerPrice: '0' }, { priceRequired: true })).toBeNull();
  });
});

describe('units per price as typed', () => {
  it('reads whole numbers of 1 or more, nothing when empty', () => {
    expect(parseUnitsPerPrice('12')).toEqual({ ok: true, value: 12 });
    expect(parseUnitsPerPrice(' ')).toEqual({ ok: true, value: null });
    expect(parseUnitsPerPrice('1.000')).toEqual({ ok: true, value: 1000 });
    expect(parseUnitsPerPrice('abc')).toMatchObject({ ok: false, error: 'Units per price must be a whole number of 1 or more.' });
  });
});

describe('the multipart fields of the upload contract', () => {
  it('sends brandColumn or noBrandColumn=true, unitsColumn or unitsPerPrice, and the sheet', () => {
    expect(mappingFormFields({ ean: 'GTIN', brand: null, price: 'Preis', units: { perPrice: 6 }, sheet: 'Prices' })).toEqual([
      ['eanColumn', 'GTIN'],
      ['noBrandColumn', 'true'],
      ['priceColumn', 'Preis'],
      ['unitsPerPrice', '6'],
      ['sheet', 'Prices'],
    ]);
    expect(mappingFormFields({ ean: 'EAN', brand: 'Brand', price: null, units: { column: 'VPE' }, sheet: null })).toEqual([
      ['eanColumn', 'EAN'],
      ['brandColumn', 'Brand'],
      ['priceColumn', ''],
      ['unitsColumn', 'VPE'],
    ]);
  });
});
