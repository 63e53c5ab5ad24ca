import fs from 'node:fs';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { cellXml, columnLetters, sharedStringXml, SHEET_XML_HEAD, xlsxPackageParts } from '@dealradar/shared/xlsx-writer';

/**
 * A wholesaler's price list as Excel saves it, about `targetBytes` on disk: a title and a date line above the header,
 * EANs as number cells (most), as text, and shortened by the spreadsheet ("4.00638E+12" text), unique product names
 * and product URLs (a large shared-string table, as real exports have), brands, prices as numbers, a pack column,
 * and a total row at the end. Rows stop at Excel's limit of 1,048,576.
 */
export async function generateSupplierXlsx(
  file: string,
  options: { targetBytes: number; catalogueGtins: string[]; brandOf: (gtin: string) => string },
): Promise<{ rows: number; bytes: number; uncompressedBytes: number }> {
  const out = fs.openSync(file, 'w');
  let written = 0;
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      fs.writeSync(out, chunk);
      written += chunk.length;
    }
  });
  const add = (name: string) => {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    return part;
  };
  for (const [name, text] of Object.entries(xlsxPackageParts([{ name: 'Preisliste' }], true))) add(name).push(strToU8(text), true);
  let seed = 4242;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.length;
      strings.push(text);
      // Names and URLs are unique: only brands and other repeated texts are worth remembering.
      if (text.length < 24) index.set(text, i);
    }
    return i;
  };
  const sheet = add('xl/worksheets/sheet1.xml');
  let uncompressed = 0;
  let xml = SHEET_XML_HEAD;
  let r = 0;
  const row = (cells: Array<string | number | { v: string } | null>) => {
    r += 1;
    xml += `<row r="${r}">${cells.map((c, i) => cellXml(`${columnLetters(i)}${r}`, c, shared)).join('')}</row>`;
    if (xml.length > 256 * 1024) {
      const bytes = strToU8(xml);
      uncompressed += bytes.length;
      sheet.push(bytes);
      xml = '';
    }
  };
  row(['Großhandel Muster GmbH – Preisliste']);
  row(['Stand: 01.11.2026']);
  row(['EAN', 'Artikelbezeichnung', 'Marke', 'EK netto', 'VPE', 'Produkt-URL']);
  const words = ['Pflege', 'Creme', 'Shampoo', 'Duschgel', 'Serum', 'Lotion', 'Maske', 'Balsam', 'Öl', 'Spray', 'Gel', 'Tonic'];
  const gtins = options.catalogueGtins;
  // Compressed bytes are only known as the zip grows; rows are added until the sheet and the estimated shared-string
  // table reach the target (measured: the file comes out ~3 % over the estimate).
  while (written + uncompressed / 9 < options.targetBytes / 1.03 && r < 1_048_570) {
    const gtin = gtins[Math.floor(rand() * gtins.length)]!;
    const x = rand();
    let ean: string | number | { v: string } | null;
    if (x < 0.8) ean = Number(gtin);
    else if (x < 0.86) ean = gtin;
    else if (x < 0.9) ean = `${gtin[0]}.${gtin.slice(1, 6)}E+12`;
    else if (x < 0.94) {
      const body = String(400000000000 + Math.floor(rand() * 99999999999)).slice(0, 12);
      ean = Number(body + ((gs1CheckDigit(body) + 1) % 10));
    } else if (x < 0.96) ean = null;
    else ean = { v: `${gtin.slice(0, 1)}.${gtin.slice(1)}E+12` };
    const name = `${words[Math.floor(rand() * words.length)]} ${options.brandOf(gtin)} ${Math.floor(rand() * 900 + 50)} ml Nr. ${Math.floor(rand() * 1e9).toString(36)}`;
    const url = `https://shop.example/p/${Math.floor(rand() * 1e12).toString(36)}-${Math.floor(rand() * 1e12).toString(36)}`;
    row([ean, name, options.brandOf(gtin), Math.round((0.5 + rand() * 30) * 100) / 100, rand() < 0.8 ? 1 : 6, url]);
  }
  const dataRows = r - 3;
  row(['Summe', null, null, { v: '123456.78' }]);
  const tail = strToU8(`${xml}</sheetData><mergeCells count="1"><mergeCell ref="A1:F1"/></mergeCells></worksheet>`);
  uncompressed += tail.length;
  sheet.push(tail, true);
  const sst = add('xl/sharedStrings.xml');
  let text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">`;
  for (const s of strings) {
    text += sharedStringXml(s);
    if (text.length > 256 * 1024) {
      const bytes = strToU8(text);
      uncompressed += bytes.length;
      sst.push(bytes);
      text = '';
    }
  }
  const last = strToU8(`${text}</sst>`);
  uncompressed += last.length;
  sst.push(last, true);
  zip.end();
  fs.closeSync(out);
  if (failure) throw failure;
  return { rows: dataRows, bytes: fs.statSync(file).size, uncompressedBytes: uncompressed };
}
