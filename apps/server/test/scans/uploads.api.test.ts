import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { registerScanJobs, stopScanWorker } from '../../src/modules/scans/scans.jobs.ts';
import { parsedPathOf } from '../../src/modules/scans/scan-files.ts';
import { supplierFileReads } from '../../src/modules/scans/supplier-file.ts';
import {
  cleanupUnusedUploads,
  UPLOAD_ALREADY_SCANNED,
  UPLOAD_EXPIRED,
  UPLOAD_NOT_FOUND,
  UPLOAD_UNUSED_TTL_MS,
} from '../../src/modules/uploads/uploads.service.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';

/**
 * Uploads (docs/scans.md "How an upload flows"): a file is sent once, then named by its id for the preview, the
 * token estimate and the start; it is its user's, expires with its file, and the worker reads the parse stored with it.
 */
const A = ean13('400617009001');
const B = ean13('400617009002');
/** A damaged EAN (its check digit is wrong) between two good ones. */
const DAMAGED = `${A.slice(0, 12)}${(Number(A[12]) + 1) % 10}`;
const FILE = ['EAN;Marke;Preis', `${A};Nivea;5,00`, `${DAMAGED};Nivea;1,00`, `${B};Dove;6,00`].join('\n');
const MAPPING = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis' };

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  ctx.deps.marketData = fakeMarketData([listing(A, 'DE', { brand: 'Nivea' }), listing(B, 'DE', { brand: 'Dove' })]).service;
});
afterAll(async () => {
  await ctx?.close();
});

async function sendFile(user: TestUser, content: Buffer | string, name = 'list.csv') {
  const body = multipart({}, { name, content });
  return ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}
const postJson = (user: TestUser, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: user.headers, payload });
const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const filePathOf = async (uploadId: string) =>
  (await ctx.deps.db.one<{ file_path: string }>('select file_path from uploads where id = $1', [uploadId])).file_path;

describe('an upload is sent once and named by its id', () => {
  it('upload → preview → estimate → start by id: the file is read once for the estimate, once for the start, never by the worker', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const reads = supplierFileReads.count;
    const res = await sendFile(user, FILE);
    expect(res.statusCode).toBe(200);
    const upload = res.json();
    expect(upload).toMatchObject({ fileName: 'list.csv', bytes: Buffer.byteLength(FILE), source: 'upload' });
    expect(upload.preview).toMatchObject({ format: 'csv', delimiter: ';', headers: ['EAN', 'Marke', 'Preis'] });
    expect(upload.preview.rows[0]).toEqual([A, 'Nivea', '5,00']);
    expect(new Date(upload.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(UPLOAD_UNUSED_TTL_MS);
    // Storing and previewing read only the head of the file.
    expect(supplierFileReads.count - reads).toBe(0);

    const preview = await get(user, `/api/uploads/${upload.uploadId}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().headers).toEqual(['EAN', 'Marke', 'Preis']);

    const estimate = await postJson(user, `/api/uploads/${upload.uploadId}/token-estimate`, { marketId: 'DE', eanColumn: 'EAN' });
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json()).toMatchObject({ eans: 2, checks: { rowsRead: 3, usableEans: 2, damagedEans: 1 } });
    expect(supplierFileReads.count - reads).toBe(1);

    const started = await postJson(user, '/api/supplier-analyzer/scans', { uploadId: upload.uploadId, ...MAPPING });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ scanId: upload.uploadId, totalEans: 2, allowedEans: 2, status: 'PENDING' });
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${upload.uploadId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 2 });
    expect(supplierFileReads.count - reads).toBe(2);

    // The upload was used: a second start is refused with a sentence; the scan took the file (gone with the scan's end).
    const again = await postJson(user, '/api/supplier-analyzer/scans', { uploadId: upload.uploadId, ...MAPPING });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(UPLOAD_ALREADY_SCANNED);
  });

  it('a workbook: the upload answers its sheets, another sheet is previewed by name, the scan reads the chosen sheet', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const book = Buffer.from(
      buildXlsx([
        { name: 'Hinweise', rows: [['Alle Preise netto']] },
        {
          name: 'Artikel',
          rows: [
            ['EAN', 'Marke', 'Preis'],
            [Number(A), 'Nivea', 5],
            [Number(B), 'Dove', 6],
          ],
        },
      ]),
    );
    const res = await sendFile(user, book, 'list.xlsx');
    expect(res.statusCode).toBe(200);
    const { uploadId, preview } = res.json();
    expect(preview).toMatchObject({ format: 'xlsx', sheets: ['Hinweise', 'Artikel'], sheet: 'Hinweise' });
    const artikel = await get(user, `/api/uploads/${uploadId}/preview?sheet=Artikel`);
    expect(artikel.json()).toMatchObject({ sheet: 'Artikel', headers: ['EAN', 'Marke', 'Preis'] });
    const started = await postJson(user, '/api/supplier-analyzer/scans', { uploadId, ...MAPPING, sheet: 'Artikel' });
    expect(started.json()).toMatchObject({ totalEans: 2 });
    await waitForStatus(ctx, `/api/supplier-analyzer/${uploadId}/status`, user.headers, ['COMPLETED']);
  });

  it('a refused start leaves the upload for another try with a corrected mapping', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const { uploadId } = (await sendFile(user, FILE)).json();
    const wrong = await postJson(user, '/api/supplier-analyzer/scans', { uploadId, ...MAPPING, eanColumn: 'Code' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain("The EAN column 'Code' is not in the file's header");
    expect(fs.existsSync(await filePathOf(uploadId))).toBe(true);
    const right = await postJson(user, '/api/supplier-analyzer/scans', { uploadId, ...MAPPING });
    expect(right.statusCode).toBe(200);
    await waitForStatus(ctx, `/api/supplier-analyzer/${uploadId}/status`, user.headers, ['COMPLETED']);
  });

  it('manual entry is an upload too (columns ean, brand, price), started by id', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const res = await postJson(user, '/api/uploads/manual', {
      rows: [
        { ean: A, brand: 'Nivea', price: '4,20' },
        { ean: B, brand: 'Dove' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'manual', fileName: 'Manual entry', preview: { headers: ['ean', 'brand', 'price'] } });
    const started = await postJson(user, '/api/supplier-analyzer/scans', {
      uploadId: res.json().uploadId,
      marketId: 'DE',
      eanColumn: 'ean',
      brandColumn: 'brand',
      priceColumn: 'price',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ totalEans: 2 });
    await waitForStatus(ctx, `/api/supplier-analyzer/${started.json().scanId}/status`, user.headers, ['COMPLETED']);
    const missingBrand = await postJson(user, '/api/uploads/manual', { rows: [{ ean: A, brand: '' }] });
    expect(missingBrand.statusCode).toBe(400);
    expect(missingBrand.json().error).toBe('EAN and Brand are required');
  });

  it('the CSV Template Analyzer starts a scan of an upload by id (admin only)', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const { uploadId } = (await sendFile(admin, FILE)).json();
    const started = await postJson(admin, '/api/catalog/scans', { uploadId, ...MAPPING, marketplaceId: 'A1PA6795UKMFR9' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ scanId: uploadId });
    const done = await waitForStatus(ctx, `/api/catalog/scan/${uploadId}/status`, admin.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ status: 'COMPLETED', totalEans: 2 });
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const { uploadId: other } = (await sendFile(user, FILE)).json();
    expect((await postJson(user, '/api/catalog/scans', { uploadId: other, ...MAPPING })).statusCode).toBe(403);
  });
});

describe('uploads are their user’s and expire', () => {
  it("another user's upload id, an unknown or a malformed one: 404 with a sentence", async () => {
    const owner = await createUser(ctx.deps, { tier: 'GROWTH' });
    const other = await createUser(ctx.deps, { tier: 'GROWTH' });
    const { uploadId } = (await sendFile(owner, FILE)).json();
    for (const res of [
      await get(other, `/api/uploads/${uploadId}/preview`),
      await postJson(other, `/api/uploads/${uploadId}/token-estimate`, { marketId: 'DE', eanColumn: 'EAN' }),
      await postJson(other, '/api/supplier-analyzer/scans', { uploadId, ...MAPPING }),
      await get(owner, '/api/uploads/00000000-0000-4000-8000-000000000000/preview'),
      await get(owner, '/api/uploads/not-an-id/preview'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(UPLOAD_NOT_FOUND);
    }
    // Nothing was counted against the plan and the owner's upload is untouched.
    const usage = await ctx.deps.db.query('select id from scans where user_id = any($1)', [[owner.id, other.id]]);
    expect(usage).toEqual([]);
    expect((await get(owner, `/api/uploads/${uploadId}/preview`)).statusCode).toBe(200);
  });

  it('an upload unused for an hour is refused with a sentence and its file is gone; the cleanup job removes the rest', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const first = (await sendFile(user, FILE)).json();
    const second = (await sendFile(user, FILE)).json();
    const [firstPath, secondPath] = [await filePathOf(first.uploadId), await filePathOf(second.uploadId)];
    ctx.clock.advance(30 * 60 * 1000);
    // Using an upload moves its time on.
    expect((await get(user, `/api/uploads/${second.uploadId}/preview`)).statusCode).toBe(200);
    ctx.clock.advance(UPLOAD_UNUSED_TTL_MS - 30 * 60 * 1000);

    const expired = await postJson(user, '/api/supplier-analyzer/scans', { uploadId: first.uploadId, ...MAPPING });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe(UPLOAD_EXPIRED);
    await waitFor(async () => (fs.existsSync(firstPath) ? undefined : true));

    expect((await get(user, `/api/uploads/${second.uploadId}/preview`)).statusCode).toBe(200);
    ctx.clock.advance(UPLOAD_UNUSED_TTL_MS);
    expect((await cleanupUnusedUploads(ctx.deps)).uploads).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (fs.existsSync(secondPath) ? undefined : true));
    const gone = await get(user, `/api/uploads/${second.uploadId}/preview`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(UPLOAD_NOT_FOUND);
  });

  it('wrong types, broken files, empty and too big files are refused at upload and nothing is kept', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const cases: Array<[string, Buffer | string, string, number, string]> = [
      ['empty', '', 'a.csv', 400, 'The file is empty.'],
      ['not csv name', FILE, 'a.pdf', 400, 'File type must be .csv or .xlsx.'],
      ['old excel name', FILE, 'a.xls', 400, 'This is an old Excel file (.xls)'],
      ['a PDF renamed', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'), 'a.csv', 400, 'PDF'],
      ['broken workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'a.xlsx', 400, 'could not be read as an Excel workbook'],
    ];
    for (const [label, content, name, status, message] of cases) {
      const res = await sendFile(user, content, name);
      expect(res.statusCode, label).toBe(status);
      expect(res.json().error, label).toContain(message);
    }
    const big = await sendFile(user, Buffer.alloc(52428800 + 1, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toContain('52428800');
    expect(await ctx.deps.db.query('select id from uploads where user_id = $1', [user.id])).toEqual([]);
  });
});

describe('the worker reads what the start stored, in any process', () => {
  it('a worker that did not serve the start (another process, after a restart) loads the stored parse, or reads the stored file', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    // No worker in this process: the scans wait, as when the worker runs elsewhere.
    await stopScanWorker(ctx.deps);
    const first = (await sendFile(user, FILE)).json();
    const second = (await sendFile(user, FILE)).json();
    for (const { uploadId } of [first, second]) {
      expect((await postJson(user, '/api/supplier-analyzer/scans', { uploadId, ...MAPPING })).statusCode).toBe(200);
    }
    const secondPath = await filePathOf(second.uploadId);
    expect(fs.existsSync(parsedPathOf(secondPath))).toBe(true);
    // The second scan's stored parse is lost (a scan started by an older version): its worker reads the file.
    fs.rmSync(parsedPathOf(secondPath));
    const reads = supplierFileReads.count;
    await registerScanJobs(ctx.deps, { worker: true, scheduler: false });
    for (const { uploadId } of [first, second]) {
      const done = await waitForStatus(ctx, `/api/supplier-analyzer/${uploadId}/status`, user.headers, ['COMPLETED', 'ERROR']);
      expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 2, report: { rowsRead: 3, invalidRows: 1 } });
    }
    expect(supplierFileReads.count - reads).toBe(1);
    // The scan's end removes the file and its stored parse.
    await waitFor(async () => (fs.existsSync(secondPath) || fs.existsSync(parsedPathOf(secondPath)) ? undefined : true));
  });
});
