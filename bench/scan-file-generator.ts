import fs from 'node:fs';
import { gs1CheckDigit } from '@dealradar/shared/ean';

/**
 * A realistic German supplier price list: semicolons, decimal commas, a quoted product name now and then (with a
 * semicolon inside), CRLF. EANs mostly from the demo catalogue (so the warm cache is hit), repeated as real lists do,
 * plus the usual damage: scientific notation, wrong check digits, empty cells, lost leading zeros, GTIN-14 forms.
 * (Catalogue EANs without an Amazon listing in the market stand for the valid codes that are not on Amazon.)
 */
export function generateSupplierFile(
  file: string,
  options: { targetBytes: number; catalogueGtins: string[]; brandOf: (gtin: string) => string; otherShare?: number },
): { rows: number; bytes: number; otherGtins: string[]; validGtins: Set<string> } {
  const otherGtins: string[] = [];
  /** The distinct EANs written in a readable form (the scan's distinct valid EANs). */
  const validGtins = new Set<string>();
  const out = fs.openSync(file, 'w');
  const header = 'EAN;Artikel;Marke;EK netto\r\n';
  fs.writeSync(out, header);
  let bytes = Buffer.byteLength(header);
  let rows = 0;
  let seed = 12345;
  const rand = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const gtins = options.catalogueGtins;
  let chunk: string[] = [];
  while (bytes < options.targetBytes) {
    const catalogueGtin = gtins[Math.floor(rand() * gtins.length)]!;
    // A share of the rows are other products, each once (valid EANs the demo catalogue does not list).
    let gtin = catalogueGtin;
    if (rand() < (options.otherShare ?? 0)) {
      const body = String(401000000000 + otherGtins.length * 7);
      gtin = body + gs1CheckDigit(body);
      otherGtins.push(gtin);
    }
    const r = rand();
    let ean: string;
    if (r < 0.86) ean = gtin;
    else if (r < 0.9)
      ean = `${gtin[0]}.${gtin.slice(1, 6)}E+12`; // spreadsheet lost digits
    else if (r < 0.94) {
      const body = String(400000000000 + Math.floor(rand() * 99999999999)).slice(0, 12);
      ean = body + ((gs1CheckDigit(body) + 1) % 10); // wrong check digit
    } else if (r < 0.96) ean = '';
    else if (r < 0.98)
      ean = gtin.replace(/^0+/, ''); // lost leading zeros (a repairable form)
    else ean = `0${gtin}`; // GTIN-14 with indicator 0: the same product
    if (r < 0.86 || r >= 0.96) validGtins.add(gtin); // the forms that read as the product's own EAN
    const brand = options.brandOf(catalogueGtin);
    const name = rand() < 0.2 ? `"Pflege; ${Math.floor(rand() * 500)} ml"` : `Art. ${Math.floor(rand() * 9000)}`;
    const price = (0.5 + rand() * 30).toFixed(2).replace('.', ',');
    const line = `${ean};${name};${brand};${price}\r\n`;
    chunk.push(line);
    bytes += Buffer.byteLength(line);
    rows += 1;
    if (chunk.length >= 5000) {
      fs.writeSync(out, chunk.join(''));
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(out, chunk.join(''));
  fs.closeSync(out);
  return { rows, bytes, otherGtins, validGtins };
}
