import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_RESULT_COLUMNS } from '@dealradar/shared/contracts/scans';
import { parseCsvRecords } from '@dealradar/shared/csv';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitForStatus } from './helpers.ts';

/**
 * Supplier prices in another currency, and prices incl. VAT. The rates are the ECB's of 20 Nov 2026
 * as the built-in table has them (1 EUR = 0.8745 GBP = 4.2398 PLN).
 */
const RATES: Record<string, number> = { EUR: 1, GBP: 0.8745, PLN: 4.2398, USD: 1.1578, CAD: 1.6235 };

const Q = ean13('500016700001'); // UK listing, Qogita GBP export £7.29
const P = ean13('590000000001'); // DE listing, Polish list 36,90 zł brutto

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  const fake = fakeMarketData([
    listing(Q, 'UK', { buyBoxPrice: 2999, fbaFee: 350, referralFeeRate: 0.15 }),
    listing(P, 'DE', { buyBoxPrice: 2499, fbaFee: 300, referralFeeRate: 0.15 }),
  ]);
  ctx.deps.marketData = {
    ...fake.service,
    fxRate: async (from, to) => ({ from, to, rate: RATES[to]! / RATES[from]!, date: '2026-11-20' }),
  };
});
afterAll(async () => {
  await ctx?.close();
});

const QOGITA_GBP = [
  'Qogita Catalog',
  'For Illustrative Purposes Only',
  'GTIN,Name,Category,Brand,£ Lowest Price inc. shipping,Unit,Lowest Priced Offer Inventory,Product Link',
  `${Q},Dove Soap,Beauty,Dove,7.29,each,120,https://www.qogita.com/products/${Q}`,
].join('\r\n');

const POLISH = ['ean;nazwa;marka;price_brutto', `${P};Krem;Ziaja;"36,90 zł"`].join('\r\n');

async function upload(user: TestUser, content: string, fields: Record<string, string>, name: string) {
  const body = multipart(fields, { name, content });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/start',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
  expect(done.status, done.error).toBe('COMPLETED');
  return res.json().scanId as string;
}

async function dealOf(user: TestUser, ean: string) {
  const deals = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json();
  return deals.content.find((d: { ean: string }) => d.ean === ean);
}

async function downloadRow(user: TestUser, ean: string): Promise<Record<string, string>> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/download?format=csv', headers: user.headers });
  const [header, ...rows] = parseCsvRecords(res.body.replace(/^\uFEFF/, ''), ',');
  const row = rows.find((r) => r[0] === ean)!;
  return Object.fromEntries(header!.map((h, i) => [h, row[i]!]));
}

describe('Supplier prices in another currency', () => {
  it('a GBP Qogita export: £7.29 is the cost in the UK market (not £6.38), converted to €8.34 at 0.8745', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const qogitaFields = { marketId: 'UK', eanColumn: 'GTIN', brandColumn: 'Brand', priceColumn: '£ Lowest Price inc. shipping' };
    await upload(user, QOGITA_GBP, { ...qogitaFields, priceCurrency: 'GBP', priceIncludesVat: 'false', priceVatRate: '21' }, 'qogita-gbp.csv');
    const deal = await dealOf(user, Q);
    expect(deal.supplierPrice).toBeCloseTo(8.3362, 4);
    expect(deal.breakdown.cost).toBe(7.29);
    expect(deal.breakdown.supplierCost).toEqual({
      currency: 'GBP',
      price: 7.29,
      unitPrice: 7.29,
      includesVat: false,
      vatRate: 0.21,
      vatRemoved: 0,
      netUnitPrice: 7.29,
      fxRate: 0.8745,
      fxDate: '2026-11-20',
    });
    // ROI on the £7.29 cost: profit / 7.29
    expect(deal.roiPercentage).toBeCloseTo((deal.breakdown.profit / 7.29) * 100, 1);

    // The same file read as euro (what happened before): cost £6.38 and a higher ROI.
    const other = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    await upload(other, QOGITA_GBP, qogitaFields, 'qogita-gbp.csv');
    const misread = await dealOf(other, Q);
    expect(misread.breakdown.cost).toBe(6.38);
    expect(misread.roiPercentage).toBeGreaterThan(deal.roiPercentage);
    expect(misread.breakdown.supplierCost).toMatchObject({ currency: 'EUR', includesVat: false, fxRate: 1 });

    const row = await downloadRow(user, Q);
    expect(row).toMatchObject({
      supplierPrice: '8.3362',
      supplierCurrency: 'GBP',
      supplierPriceOriginal: '7.29',
      supplierPriceIncludesVat: 'no',
      supplierVatRatePercentage: '21',
      supplierFxRate: '0.8745',
      supplierFxDate: '2026-11-20',
    });
    expect(CSV_RESULT_COLUMNS).toContain('supplierCurrency');
  });

  it('a Polish price_brutto list: 36,90 zł incl. 23 % VAT is 30,00 zł net, €7.08 at 4.2398', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const fields = { marketId: 'DE', eanColumn: 'ean', brandColumn: 'marka', priceColumn: 'price_brutto', priceCurrency: 'PLN', priceIncludesVat: 'true' };
    const scanId = await upload(user, POLISH, fields, 'cennik.csv');
    const deal = await dealOf(user, P);
    expect(deal.supplierPrice).toBeCloseTo(7.0758, 4);
    expect(deal.breakdown.cost).toBe(7.08);
    expect(deal.breakdown.supplierCost).toMatchObject({
      currency: 'PLN',
      price: 36.9,
      includesVat: true,
      vatRate: 0.23,
      vatRemoved: 6.9,
      netUnitPrice: 30,
      fxRate: 4.2398,
    });
    // The registered DE seller: 24.99 incl. 19 % → 21.00 net; fees 3.75 + 3.00 → profit 21.00 − 6.75 − 7.08
    expect(deal.estimatedProfit).toBeCloseTo(21 - 6.75 - 7.08, 1);

    // The supplier list's re-run converts the same way (the terms are kept with the list).
    const rerun = await ctx.app.inject({ method: 'POST', url: `/api/supplier-analyzer/lists/${scanId}/rerun`, headers: user.headers });
    expect(rerun.statusCode, rerun.body).toBe(200);
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${rerun.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    const again = await dealOf(user, P);
    expect(again.breakdown.supplierCost).toMatchObject({ currency: 'PLN', includesVat: true, netUnitPrice: 30 });
    expect(again.supplierPrice).toBeCloseTo(7.0758, 4);
  });

  it('a seller who is not VAT-registered pays the supplier’s VAT: the cost of a gross złoty price is the gross price', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/settings/seller-profile',
      headers: user.headers,
      payload: { country: 'PL', vatRegistered: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    await upload(
      user,
      POLISH,
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'marka', priceColumn: 'price_brutto', priceCurrency: 'PLN', priceIncludesVat: 'true' },
      'c.csv',
    );
    const deal = await dealOf(user, P);
    // 30,00 zł net × 1.23 = 36,90 zł = €8.70 (not 30,00 × 1.21)
    expect(deal.breakdown.cost).toBe(8.7);
  });

  it('manual entry takes the same currency choice; bad fields get a sentence', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'UK', priceCurrency: 'GBP', rows: [{ ean: Q, brand: 'Dove', price: '7,29' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED']);
    const deal = await dealOf(user, Q);
    expect(deal.breakdown.cost).toBe(7.29);
    expect(deal.breakdown.supplierCost).toMatchObject({ currency: 'GBP', price: 7.29, vatRate: 0.2 });

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'UK', priceCurrency: 'JPY', rows: [{ ean: Q, brand: 'Dove', price: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('The price currency must be one of EUR, GBP, PLN, USD, CAD, SEK, CZK.');
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'marka', priceColumn: 'price_brutto', priceVatRate: '95' },
      { name: 'c.csv', content: POLISH },
    );
    const rate = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(rate.statusCode).toBe(400);
    expect(rate.json().error).toBe("The supplier's VAT rate must be a number between 0 and 30 (percent).");
  });
});

describe('The CSV Template Analyzer takes the same currency fields', () => {
  it('converts a GBP list and its result file shows the price as written', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN', minRoiThreshold: 0.15 });
    const body = multipart(
      { marketId: 'UK', eanColumn: 'GTIN', brandColumn: 'Brand', priceColumn: '£ Lowest Price inc. shipping', priceCurrency: 'GBP' },
      { name: 'qogita-gbp.csv', content: QOGITA_GBP },
    );
    const res = await ctx.app.inject({ method: 'POST', url: '/api/catalog/scan/start', headers: { ...admin.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitForStatus(ctx, `/api/catalog/scan/${res.body}/status`, admin.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    const file = await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${res.body}/results`, headers: admin.headers });
    const [header, ...rows] = parseCsvRecords(file.body.replace(/^\uFEFF/, ''), ',');
    const row = Object.fromEntries(header!.map((h, i) => [h, rows.find((r) => r[0] === Q)![i]!]));
    expect(row).toMatchObject({ supplierCurrency: 'GBP', supplierPriceOriginal: '7.29', supplierFxRate: '0.8745', supplierPrice: '8.3362' });
  });
});

describe('Manual entry', () => {
  it('refuses "4,2,0" instead of reading €420.00', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'DE', rows: [{ ean: P, brand: 'Ziaja', price: '4,2,0' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Price must be a number.');
  });

  it('"no brand" takes rows without a brand; without it the brand is required', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'DE', rows: [{ ean: P, price: 5 }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('EAN and Brand are required');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'DE', noBrand: true, rows: [{ ean: P, price: 5 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED']);
    expect((await dealOf(user, P)).brand).toBe('Nivea'); // the listing's brand
  });
});
