import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { createUser, type TestUser } from '../factories/users.ts';

function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----dealradar-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const HEADER = [
  'Locale',
  'Title',
  'ASIN',
  'Brand',
  'Buy Box 🚚: Current',
  'New, 3rd Party FBA: Current',
  'New, 3rd Party FBM 🚚: Current',
  'Sales Rank: Current',
  'Bought in past month',
  'New Offer Count: Current',
  'Reviews: Rating',
  'Reviews: Rating Count',
  'FBA Pick&Pack Fee',
  'Referral Fee %',
  'Package: Quantity',
  'Product Codes: EAN',
  'Product Codes: UPC',
]
  .map((h) => `"${h}"`)
  .join(',');
const EXPORT = [
  '\ufeff' + HEADER,
  'de,"Face Cream, 50 ml",B0IMPORT01,Alpha,"€ 19,99","€ 18,50","€ 21,00","1,520",300,7,4.5,812,"€ 2,90",15 %,1,"4006381333931, 0036000291452",',
  'de,"Face Cream, 3-pack",B0IMPORT02,Alpha,"€ 54,99",-,-,"900",100,3,4.7,50,"€ 4,10",15 %,3,4006381333931,',
  'co.uk,"Face Cream 50 ml",B0IMPORT03,Alpha,£ 17.49,,,2100,,5,4.4,700,£ 2.55,15.3 %,1,,036000291452',
  'de,No code,B0IMPORT04,Alpha,"€ 9,99",,,100,,1,4,1,,,1,,',
  'de,Bad ASIN,XX,Alpha,"€ 9,99",,,100,,1,4,1,,,1,4006381333931,',
].join('\r\n');

describe('Keepa export import (admin)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createUser(ctx.deps, { role: 'ADMIN' });
  });
  afterAll(async () => ctx.close());

  const upload = (who: TestUser, fields: Record<string, string>, file?: { name: string; content: string | Buffer }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/market-data/imports',
      headers: { ...who.headers, ...multipart(fields, file).headers },
      payload: multipart(fields, file).payload,
    });

  it('loads the rows into the shared cache: look-ups use them with no upstream call, several listings per EAN, per market', async () => {
    const res = await upload(admin, {}, { name: 'keepa.csv', content: EXPORT });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'keepa.csv', rowsRead: 5, rowsSkipped: 2, listingsImported: 4, eansImported: 3, market: null });
    expect(res.json().problems).toEqual(['Line 5: B0IMPORT04 has no valid EAN.', 'Line 6: no valid ASIN.']);

    const de = await ctx.deps.marketData.lookupListings(['4006381333931', '0036000291452'], 'DE');
    expect(de.upstreamRequests).toBe(0);
    const cream = de.resolved.get('4006381333931')!;
    // best main rank: the 3-pack (900) over the single (1520)
    expect(cream.listing).toMatchObject({ asin: 'B0IMPORT02', packageQuantity: 3, buyBoxPrice: 5499, lowestFbaPrice: null, source: 'import' });
    expect(cream.numberOfPacks).toBe(3);
    expect(cream.alternatives[0]).toMatchObject({
      asin: 'B0IMPORT01',
      title: 'Face Cream, 50 ml',
      brand: 'Alpha',
      buyBoxPrice: 1999,
      lowestFbaPrice: 1850,
      lowestFbmPrice: 2100,
      mainCategoryRank: 1520,
      estimatedMonthlySales: 300,
      offerCount: 7,
      rating: 4.5,
      reviewCount: 812,
      fbaFee: 290,
      referralFeeRate: 0.15,
      packageQuantity: 1,
    });
    const uk = await ctx.deps.marketData.lookupListings(['0036000291452'], 'UK');
    expect(uk.upstreamRequests).toBe(0);
    expect(uk.resolved.get('0036000291452')!.listing).toMatchObject({ asin: 'B0IMPORT03', buyBoxPrice: 1749, fbaFee: 255, referralFeeRate: 0.153 });
  });

  it('matches header names case-insensitively and takes the market from the form when there is no Locale', async () => {
    ctx.clock.advance(60_000);
    const csv = 'asin;TITLE;product codes: ean;BUY BOX: CURRENT;sales rank: current\nB0IMPORT09;Serum;6291041500213;12,49;4000\n';
    const res = await upload(admin, { market: 'IT' }, { name: 'finder.csv', content: csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ market: 'IT', eansImported: 1 });
    const it = await ctx.deps.marketData.lookupListings(['6291041500213'], 'IT');
    expect(it.resolved.get('6291041500213')!.listing).toMatchObject({ asin: 'B0IMPORT09', buyBoxPrice: 1249, mainCategoryRank: 4000 });
  });

  it.each([
    [{}, { name: 'x.csv', content: 'ASIN,Product Codes: EAN\nB0IMPORT09,6291041500213\n' }, 'The file has no Locale column: choose the market of the export.'],
    [
      { market: 'DE' },
      { name: 'x.csv', content: 'Title,Product Codes: EAN\nx,6291041500213\n' },
      'The file has no ASIN column. Is it a Keepa Product Viewer or Product Finder export?',
    ],
    [
      { market: 'DE' },
      { name: 'x.csv', content: 'ASIN,Title\nB0IMPORT09,x\n' },
      'The file has no EAN column (Product Codes: EAN, UPC or GTIN). Add it to the Keepa export.',
    ],
    [{ market: 'DE' }, { name: 'x.csv', content: 'ASIN,Product Codes: EAN\n' }, 'The file has no data rows.'],
    [
      { market: 'XX' },
      { name: 'x.csv', content: 'ASIN,Product Codes: EAN\nB0IMPORT09,6291041500213\n' },
      'Choose the market of the export (DE, UK, FR, IT, ES, US or CA).',
    ],
    // XLSX exports are imported; a broken one is refused with a sentence.
    [
      { market: 'DE' },
      { name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004rest') },
      'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a ZIP archive. Please save it again as .xlsx or .csv.',
    ],
    [
      { market: 'DE' },
      { name: 'x.xls', content: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]) },
      'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.',
    ],
    [{ market: 'DE' }, undefined, 'Choose the Keepa export (CSV or XLSX) to import.'],
  ])('refuses bad input with a sentence (%j)', async (fields, file, message) => {
    const res = await upload(admin, fields, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('is admin-only, and the status shows the source, FX, cache and imports', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    expect((await upload(user, { market: 'DE' }, { name: 'x.csv', content: EXPORT })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/market-data/admin/status', headers: user.headers })).statusCode).toBe(403);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/market-data/admin/status', headers: admin.headers });
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body).toMatchObject({ source: { retail: 'demo', wholesale: 'demo', isDemo: true }, mode: 'demo', cacheTtlHours: 24 });
    expect(body.fx.map((f: { to: string }) => f.to)).toEqual(['GBP', 'USD', 'CAD']);
    expect(body.fx[0]).toMatchObject({ from: 'EUR', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(body.cache).toContainEqual({ source: 'import', market: 'DE', entries: 2, fresh: 2 });
    expect(body.imports.map((i: { fileName: string }) => i.fileName)).toEqual(['finder.csv', 'keepa.csv']);
  });
  it('imports an XLSX export (numbers as number cells, several codes in one cell) like the CSV one', async () => {
    ctx.clock.advance(60_000);
    const header = [
      'Locale',
      'Title',
      'ASIN',
      'Brand',
      'Buy Box 🚚: Current',
      'Sales Rank: Current',
      'Referral Fee %',
      'FBA Pick&Pack Fee',
      'Package: Quantity',
      'Product Codes: EAN',
    ];
    const bytes = buildXlsx([
      {
        name: 'Keepa',
        rows: [
          header,
          ['de', 'Night Cream 50 ml', 'B0XLSX0001', 'Beta', 24.99, 1520, 0.15, 3.1, 1, '4005900136374, 3600523951369'],
          ['fr', 'Night Cream 50 ml', 'B0XLSX0002', 'Beta', 26.5, 2100, 15, 3.4, 2, 4005900136374],
          ['de', 'No code', 'B0XLSX0003', 'Beta', 9.99, 1, null, null, 1, null],
        ],
      },
    ]);
    const res = await upload(admin, {}, { name: 'keepa-finder.xlsx', content: Buffer.from(bytes) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'keepa-finder.xlsx', rowsRead: 3, rowsSkipped: 1, listingsImported: 3, eansImported: 3 });
    expect(res.json().problems).toEqual(['Line 4: B0XLSX0003 has no valid EAN.']);
    const de = await ctx.deps.marketData.lookupListings(['4005900136374', '3600523951369'], 'DE');
    expect(de.upstreamRequests).toBe(0);
    expect(de.resolved.get('3600523951369')!.listing).toMatchObject({
      asin: 'B0XLSX0001',
      buyBoxPrice: 2499,
      mainCategoryRank: 1520,
      referralFeeRate: 0.15,
      fbaFee: 310,
    });
    const fr = await ctx.deps.marketData.lookupListings(['4005900136374'], 'FR');
    expect(fr.resolved.get('4005900136374')!.listing).toMatchObject({ asin: 'B0XLSX0002', buyBoxPrice: 2650, referralFeeRate: 0.15, packageQuantity: 2 });
  });
});
