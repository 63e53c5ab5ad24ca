import { demoCatalogue } from './demo-catalogue.ts';
import { unit } from './demo-random.ts';
import { demoWholesalePrice } from './demo-wholesale.ts';

/**
 * A supplier price list (CSV: EAN, Brand, Price in EUR excl. VAT) built from the demo catalogue, so a user can try the
 * analyzers in demo mode: supplier prices scatter around the wholesale price (some are deals, most are not), and two
 * rows carry spreadsheet damage the EAN rules repair or refuse.
 */
export function demoSupplierSampleCsv(at: Date, rows = 500): string {
  const variants = demoCatalogue().variants;
  const step = Math.max(1, Math.floor(variants.length / rows));
  const lines = ['EAN,Brand,Price'];
  for (let i = 0; i < variants.length && lines.length <= rows; i += step) {
    const v = variants[i]!;
    const factor = 0.55 + unit(v.gtin, 'sample-price') * 0.6;
    const price = Math.max(5, Math.round(demoWholesalePrice(v, at) * factor));
    lines.push(`${v.gtin},"${v.brand.replace(/"/g, '""')}",${(price / 100).toFixed(2)}`);
  }
  const first = variants[0]!;
  lines.push(`${first.gtin.slice(0, 1)}.${first.gtin.slice(1)}E+12,"${first.brand}",1.00`);
  lines.push(`${first.gtin.slice(0, 1)}.${first.gtin.slice(1, 6)}E+12,"${first.brand}",1.00`);
  return lines.join('\r\n') + '\r\n';
}
