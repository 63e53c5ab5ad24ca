import type { TestContext } from '../build-test-app.ts';
import { waitFor } from '../wait-for.ts';

/** A multipart/form-data body with text fields first, then the file. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer | string; type?: string }) {
  const boundary = `----dealradar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`),
    );
    parts.push(typeof file.content === 'string' ? Buffer.from(file.content) : file.content);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export { waitFor };

export async function waitForStatus(ctx: TestContext, url: string, headers: Record<string, string>, statuses: string[], timeoutMs = 20_000) {
  return waitFor(async () => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    const body = res.json();
    return statuses.includes(body.status) ? body : undefined;
  }, timeoutMs);
}

/** Runs a supplier scan of `csv` (columns EAN, Brand, Price unless `mapping` says otherwise) to COMPLETED. */
export async function scanSupplierCsv(
  ctx: TestContext,
  headers: Record<string, string>,
  csv: string,
  mapping: Record<string, string> = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' },
  timeoutMs = 60_000,
) {
  const body = multipart(mapping, { name: 'supplier.csv', content: csv });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: { ...headers, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(`the scan did not start (${res.statusCode}): ${res.body}`);
  const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, headers, ['COMPLETED', 'ERROR'], timeoutMs);
  if (done.status !== 'COMPLETED') throw new Error(`the scan ended ${done.status}`);
  return done;
}
