import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyList, BuyListSupplier } from '@dealradar/shared/contracts/buy-list';
import { parseCsvRecords, stripBom } from '@dealradar/shared/csv';
import { CELL_NUMBER, CELL_TEXT, XlsxWorkbook, type SheetRow } from '@dealradar/shared/xlsx-reader';
import { bytesSource } from '@dealradar/shared/zip-reader';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { demoSupplierSampleCsv } from '../../src/modules/market-data/providers/demo/demo-supplier-sample.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';
import { BUY_LIST_FORBIDDEN } from '../../src/modules/buy-list/buy-list.service.ts';
import { multipart, waitForStatus } from '../scans/helpers.ts';

/**
 * The organization's buy list (docs/buy-list.md): suggested quantities, grouping by supplier, totals and the MOV against
 * hand computations, sharing within and isolation between organizations, edits, a stale line after a newer scan of the
 * same list, the plan gate and the purchase order read back.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
});
afterAll(async () => {
  await ctx?.close();
});

interface Deal {
  id: string;
  ean: string;
  asin: string;
  supplierName: string;
  supplierPrice: number;
  unitsPerPrice: number;
  estimatedProfit: number | null;
  breakdown: { numberOfPacks: number; seller?: { vatRegistered: boolean }; supplierCost?: { vatRate: number } };
  salesEstimate: { sellerUnitsPerMonth: number | null } | null;
}

async function scan(user: TestUser, fileName: string, csv: string, unitsPerPrice?: number): Promise<void> {
  const fields: Record<string, string> = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' };
  if (unitsPerPrice) fields.unitsPerPrice = String(unitsPerPrice);
  const body = multipart(fields, { name: fileName, content: csv });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/start',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
  expect(done.status).toBe('COMPLETED');
}

async function deals(user: TestUser, supplierName: string): Promise<Deal[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=100', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().content as Deal[]).filter((d) => d.supplierName === supplierName && d.supplierPrice !== null);
}

async function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function list(user: TestUser): Promise<BuyList> {
  const res = await call(user, 'GET', '/buy-list');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const supplierOf = (buyList: BuyList, name: string): BuyListSupplier => buyList.suppliers.find((s) => s.supplierName === name)!;
const cents = (v: number) => Math.round(v * 100) / 100;

/** A second member of `owner`'s organization, with a session. */
async function colleagueOf(owner: TestUser, tier: string): Promise<TestUser> {
  const username = `colleague${Math.floor(Math.random() * 1e9)}`;
  const row = await ctx.deps.db.one<{ id: string }>(
    `insert into users (username, email, password_hash, role, email_confirmed_at, organization_id, primary_country, min_roi_threshold)
     values ($1, $2, 'x', 'USER', $3, $4, 'DE', 0.15) returning id`,
    [username, `${username}@example.test`, ctx.clock.now(), owner.organizationId],
  );
  const token = await signSessionToken(
    ctx.deps.jwtSecret,
    { id: row.id, username, email: `${username}@example.test`, role: 'USER', subscriptionTier: tier },
    ctx.deps.config.JWT_TTL_SECONDS,
    ctx.clock.now(),
  );
  return { ...owner, id: row.id, username, token, headers: { authorization: `Bearer ${token}` } };
}

/** The supplier's sample list with every price × factor (a newer list of the same supplier). */
function repriced(csv: string, factor: number): string {
  return csv
    .split('\r\n')
    .map((line, i) => {
      if (i === 0 || !line) return line;
      const cells = line.split(',');
      const price = Number(cells[cells.length - 1]);
      cells[cells.length - 1] = (price * factor).toFixed(2);
      return cells.join(',');
    })
    .join('\r\n');
}

describe('buy list', () => {
  it('FREE and STARTER get 403 with the upgrade sentence on every call', async () => {
    for (const tier of ['FREE', 'STARTER']) {
      const user = await createUser(ctx.deps, { tier });
      for (const [method, url, payload] of [
        ['GET', '/buy-list'],
        ['POST', '/buy-list/lines', { dealId: '00000000-0000-0000-0000-000000000000' }],
        ['GET', '/buy-list/settings'],
        ['GET', '/buy-list/order?supplier=x'],
      ] as const) {
        const res = await call(user, method, url, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(BUY_LIST_FORBIDDEN);
      }
    }
  });

  it('capital carries the purchase VAT of a seller who is not VAT-registered, as the deal profit did', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const profile = await call(user, 'PUT', '/user/settings/seller-profile', { country: 'DE', vatRegistered: false });
    expect(profile.statusCode, profile.body).toBe(200);
    await scan(user, 'vat.csv', repriced(demoSupplierSampleCsv(ctx.clock.now(), 80), 0.6));
    const deal = (await deals(user, 'vat.csv'))[0]!;
    expect(deal.breakdown.seller?.vatRegistered).toBe(false);
    const rate = deal.breakdown.supplierCost?.vatRate ?? 0.21;
    expect(rate).toBeGreaterThan(0);
    const group = supplierOf((await call(user, 'POST', '/buy-list/lines', { dealId: deal.id, quantity: 7 })).json(), 'vat.csv');
    // 7 × unit price × (1 + 21 %); the order value (and the MOV check) stays excl. VAT.
    expect(group.lines[0]).toMatchObject({ purchaseVatRate: rate, lineTotal: cents(7 * deal.supplierPrice) });
    expect(group.capital).toBe(cents(7 * deal.supplierPrice * (1 + rate)));
    expect(group.orderValue).toBe(cents(7 * deal.supplierPrice));
    expect(group.expectedProfit).toBe(cents((7 / deal.breakdown.numberOfPacks) * deal.estimatedProfit!));
  }, 120_000);

  it('suggests weeks of the share in whole cases, groups by supplier, totals against a hand computation, MOV, edits, sharing, isolation, stale lines and the order file', async () => {
    const owner = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const csv = demoSupplierSampleCsv(ctx.clock.now(), 120);
    await scan(owner, 'acme.csv', csv, 6);
    await scan(owner, 'beta.csv', repriced(csv, 1.05));
    const acme = (await deals(owner, 'acme.csv')).filter((d) => d.salesEstimate?.sellerUnitsPerMonth);
    const beta = await deals(owner, 'beta.csv');
    expect(acme.length).toBeGreaterThanOrEqual(2);
    expect(beta.length).toBeGreaterThanOrEqual(1);
    const [a1, a2] = acme as [Deal, Deal];
    const b1 = beta[0]!;

    // The organization's weeks: 3 instead of the default 4.
    expect((await call(owner, 'GET', '/buy-list/settings')).json()).toEqual({ weeks: 4 });
    expect((await call(owner, 'PUT', '/buy-list/settings', { weeks: 3 })).json()).toEqual({ weeks: 3 });

    // Suggested: share × 3 ÷ (52/12) × packs, up to whole units, up to whole cases of 6 (supplier deals carry no stock).
    const suggested = (d: Deal, weeks: number, caseSize: number) =>
      Math.max(1, Math.ceil(Math.ceil((d.salesEstimate!.sellerUnitsPerMonth! * weeks * d.breakdown.numberOfPacks) / (52 / 12) - 1e-9) / caseSize)) * caseSize;
    expect(a1.unitsPerPrice).toBe(6);
    let buyList = (await call(owner, 'POST', '/buy-list/lines', { dealId: a1.id })).json() as BuyList;
    const line1 = supplierOf(buyList, 'acme.csv').lines[0]!;
    expect(line1.quantity).toBe(suggested(a1, 3, 6));
    expect(line1.quantity % 6).toBe(0);
    expect(line1.unitsPerCase).toBe(6);
    await call(owner, 'POST', '/buy-list/lines', { dealId: a2.id, quantity: 10 });
    buyList = (await call(owner, 'POST', '/buy-list/lines', { dealId: b1.id, quantity: 4 })).json();

    // Grouped by supplier list name, each group with its own lines.
    expect(buyList.suppliers.map((s) => s.supplierName)).toEqual(['acme.csv', 'beta.csv']);
    const group = supplierOf(buyList, 'acme.csv');
    expect(group.lines.map((l) => l.ean).sort()).toEqual([a1.ean, a2.ean].sort());

    // Totals by hand: the seller profile is VAT-registered by default (no purchase VAT) — capital = order value.
    const vatRate = (d: Deal) => ((d.breakdown.seller?.vatRegistered ?? true) ? 0 : (d.breakdown.supplierCost?.vatRate ?? 0.21));
    const q1 = line1.quantity;
    const orderValue = cents(cents(q1 * a1.supplierPrice) + cents(10 * a2.supplierPrice));
    const capital = cents(q1 * a1.supplierPrice * (1 + vatRate(a1)) + 10 * a2.supplierPrice * (1 + vatRate(a2)));
    const profit = cents((q1 / a1.breakdown.numberOfPacks) * a1.estimatedProfit! + (10 / a2.breakdown.numberOfPacks) * a2.estimatedProfit!);
    const days = (q: number, d: Deal) => Math.ceil((q / d.breakdown.numberOfPacks / d.salesEstimate!.sellerUnitsPerMonth!) * (365 / 12) - 1e-9);
    expect(group).toMatchObject({ units: q1 + 10, orderValue, capital, expectedProfit: profit, daysToSell: Math.max(days(q1, a1), days(10, a2)) });
    expect(group.roi).toBeCloseTo(profit / capital, 9);
    expect(group.movMet).toBeNull();

    // MOV: not met above the order value, met at it (editable per supplier from the buy list).
    buyList = (await call(owner, 'PUT', '/buy-list/suppliers/mov', { supplierName: 'acme.csv', minOrderValue: orderValue + 100 })).json();
    expect(supplierOf(buyList, 'acme.csv')).toMatchObject({ minOrderValue: cents(orderValue + 100), movMet: false, movShortfall: 100 });
    buyList = (await call(owner, 'PUT', '/buy-list/suppliers/mov', { supplierName: 'acme.csv', minOrderValue: orderValue })).json();
    expect(supplierOf(buyList, 'acme.csv')).toMatchObject({ movMet: true, movShortfall: 0 });
    expect(supplierOf(buyList, 'beta.csv').movMet).toBeNull();

    // Shared by the organization's members: a colleague sees it and edits it; the owner sees the edit after a reload.
    const colleague = await colleagueOf(owner, 'GROWTH');
    const line2 = supplierOf(await list(colleague), 'acme.csv').lines.find((l) => l.ean === a2.ean)!;
    const edited = await call(colleague, 'PATCH', `/buy-list/lines/${line2.id}`, { quantity: 24 });
    expect(edited.statusCode).toBe(200);
    expect(supplierOf(await list(owner), 'acme.csv').lines.find((l) => l.id === line2.id)!.quantity).toBe(24);
    expect((await call(colleague, 'PATCH', `/buy-list/lines/${line2.id}`, { quantity: 0 })).statusCode).toBe(400);

    // Isolated from other organizations: empty for them, and they cannot touch the lines.
    const stranger = await createUser(ctx.deps, { tier: 'PRO' });
    expect((await list(stranger)).suppliers).toEqual([]);
    expect((await call(stranger, 'PATCH', `/buy-list/lines/${line2.id}`, { quantity: 1 })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/buy-list/lines/${line2.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', '/buy-list/lines', { dealId: a1.id })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/buy-list/order?supplier=acme.csv')).statusCode).toBe(404);

    // Removal.
    const betaLine = supplierOf(await list(owner), 'beta.csv').lines[0]!;
    buyList = (await call(colleague, 'DELETE', `/buy-list/lines/${betaLine.id}`)).json();
    expect(buyList.suppliers.map((s) => s.supplierName)).toEqual(['acme.csv']);
    expect((await call(owner, 'DELETE', `/buy-list/lines/${betaLine.id}`)).statusCode).toBe(404);

    // The purchase order reads back: numbers as numbers, EUR only, the order total and MOV of the supplier.
    const order = await call(owner, 'GET', '/buy-list/order?supplier=acme.csv');
    expect(order.statusCode).toBe(200);
    expect(order.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parseCsvRecords(stripBom(order.body), ',');
    expect(header).toEqual([
      'EAN',
      'Product name',
      'ASIN',
      'Quantity',
      'Unit price (EUR excl. VAT)',
      'Line total (EUR excl. VAT)',
      'Order total (EUR excl. VAT)',
      'Supplier MOV (EUR excl. VAT)',
    ]);
    const current = supplierOf(await list(owner), 'acme.csv');
    const data = rows.filter((r) => r.some((c) => c !== ''));
    expect(data).toHaveLength(2);
    for (const row of data) {
      const line = current.lines.find((l) => l.ean === row[0])!;
      for (const cell of row.slice(3)) expect(cell).toMatch(/^\d+(\.\d+)?$/);
      expect(Number(row[3])).toBe(line.quantity);
      expect(Number(row[4])).toBe(line.unitPrice);
      expect(Number(row[5])).toBe(cents(line.quantity * line.unitPrice));
      expect(Number(row[6])).toBe(current.orderValue);
      expect(Number(row[7])).toBe(orderValue);
    }
    expect(cents(data.reduce((sum, r) => sum + Number(r[5]), 0))).toBe(current.orderValue);
    // UTF-8 with a BOM, so Excel shows accents.
    expect([...order.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    // "CSV for Excel" (continental Europe): semicolons, decimal commas, the EAN as ="…" text; the same numbers.
    const excel = await call(owner, 'GET', '/buy-list/order?supplier=acme.csv&format=excel-csv');
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toContain('text/csv');
    expect(excel.headers['content-disposition']).toMatch(/purchase_order_acme_\d{4}-\d{2}-\d{2}_excel\.csv/);
    expect([...excel.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [excelHeader, ...excelRows] = parseCsvRecords(stripBom(excel.body), ';');
    expect(excelHeader).toEqual(header);
    const excelData = excelRows.filter((r) => r.some((c) => c !== ''));
    expect(excelData).toHaveLength(2);
    for (const row of excelData) {
      expect(row[0]).toMatch(/^="\d+"$/);
      const plain = data.find((r) => r[0] === row[0]!.slice(2, -1))!;
      expect(plain).toBeDefined();
      expect(row[1]).toBe(plain[1]);
      // Numbers as numbers: digits with a decimal comma, no currency sign, no thousands separator.
      for (const cellText of row.slice(3)) expect(cellText).toMatch(/^\d+(,\d+)?$/);
      expect(row.slice(3).map((c) => Number(c.replace(',', '.')))).toEqual(plain.slice(3).map(Number));
    }
    expect((await call(owner, 'GET', '/buy-list/order?supplier=acme.csv&format=ods')).json().error).toBe('format must be csv, excel-csv or xlsx.');

    // The same order as XLSX: the EAN as text, every figure a number cell, the same values as the CSV.
    const xlsx = await ctx.app.inject({ method: 'GET', url: '/api/buy-list/order?supplier=acme.csv&format=xlsx', headers: owner.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/purchase_order_acme_\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = await XlsxWorkbook.open(bytesSource(new Uint8Array(xlsx.rawPayload)));
    const sheetRows: SheetRow[] = [];
    await workbook.readRows(workbook.sheet(), { headRows: 1, columnsFor: () => null, onRow: (r) => void sheetRows.push(r) });
    const [xlsxHeader, ...xlsxRows] = sheetRows;
    expect(xlsxHeader!.cells).toEqual(header);
    expect(xlsxRows.map((r) => r.cells)).toEqual(data);
    for (const row of xlsxRows) {
      expect(row.kinds[0]).toBe(CELL_TEXT);
      expect(row.kinds.slice(3)).toEqual([CELL_NUMBER, CELL_NUMBER, CELL_NUMBER, CELL_NUMBER, CELL_NUMBER]);
    }

    // A newer scan of the same list at 10 % lower prices: the lines show what the deal says now (price and profit).
    expect(supplierOf(await list(owner), 'acme.csv').lines.every((l) => l.changed === null)).toBe(true);
    ctx.clock.advance(60_000);
    await scan(owner, 'acme.csv', repriced(csv, 0.9), 6);
    const newer = (await deals(owner, 'acme.csv')).find((d) => d.ean === a1.ean && d.asin === a1.asin)!;
    expect(newer.supplierPrice).toBeLessThan(a1.supplierPrice);
    const stale = supplierOf(await list(colleague), 'acme.csv').lines.find((l) => l.ean === a1.ean)!;
    expect(stale.unitPrice).toBe(a1.supplierPrice);
    expect(stale.changed).toMatchObject({ reason: 'list-scan', unitPrice: newer.supplierPrice, profitPerListing: newer.estimatedProfit, stock: null });
    expect(newer.estimatedProfit!).toBeGreaterThan(a1.estimatedProfit!);
    // Adding the deal again takes the newer figures and adds to the quantity; the change is then gone.
    const readded = supplierOf((await call(owner, 'POST', '/buy-list/lines', { dealId: newer.id, quantity: 6 })).json(), 'acme.csv').lines.find(
      (l) => l.ean === a1.ean,
    )!;
    expect(readded).toMatchObject({ quantity: q1 + 6, unitPrice: newer.supplierPrice, changed: null });
  }, 180_000);
});
