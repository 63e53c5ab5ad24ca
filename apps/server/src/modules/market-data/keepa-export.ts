import { canonicalEanList } from '@dealradar/shared/ean';
import { detectDelimiter, parseCsvRecords, stripBom } from '@dealradar/shared/csv';
import { isMarketId, type MarketId } from '@dealradar/shared/markets';
import type { AmazonListing } from './market-data.types.ts';
import { decimalToMinor } from './money-text.ts';

/**
 * Reads a Keepa Product Viewer / Product Finder CSV export (external-apis.md §7.1). Header names are matched
 * case-insensitively, ignoring the 🚚 marker and extra spaces, with the aliases below (first match wins).
 */
const ALIASES = {
  asin: ['asin'],
  title: ['title'],
  brand: ['brand', 'manufacturer'],
  locale: ['locale'],
  buyBox: ['buy box: current', 'buy box current'],
  lowestFba: ['new, 3rd party fba: current', 'new fba: current'],
  lowestFbm: ['new, 3rd party fbm: current', 'new fbm: current'],
  offerCount: ['new offer count: current', 'total offer count', 'count of retrieved live offers: new, fba'],
  rank: ['sales rank: current'],
  subRank: ['sales rank: subcategory sales ranks', 'sales rank: sub'],
  monthlySold: ['bought in past month'],
  rating: ['reviews: rating'],
  reviews: ['reviews: rating count', 'reviews: review count'],
  fbaFee: ['fba pick&pack fee', 'fba pick & pack fee', 'fba fees'],
  referral: ['referral fee %', 'referral fee percentage'],
  packQuantity: ['package: quantity', 'package quantity'],
  numberOfItems: ['number of items'],
  image: ['image', 'images', 'image url'],
  buyBoxSeller: ['buy box seller', 'buy box: seller', 'buy box seller id'],
} as const;
const CODE_COLUMNS = ['product codes: ean', 'product codes: upc', 'product codes: gtin', 'ean', 'upc', 'gtin'];

const LOCALES: Record<string, MarketId> = {
  de: 'DE', 'amazon.de': 'DE', uk: 'UK', gb: 'UK', 'co.uk': 'UK', 'amazon.co.uk': 'UK', fr: 'FR', 'amazon.fr': 'FR', it: 'IT', 'amazon.it': 'IT',
  es: 'ES', 'amazon.es': 'ES', us: 'US', com: 'US', 'amazon.com': 'US', ca: 'CA', 'amazon.ca': 'CA',
};

export function normalizeHeader(header: string): string {
  return header.replace(/🚚/gu, '').replace(/\s+/g, ' ').replace(/\s+:/g, ':').trim().toLowerCase();
}

export function marketOfLocale(locale: string | undefined): MarketId | undefined {
  const key = (locale ?? '').trim().toLowerCase();
  if (!key) return undefined;
  const upper = key.toUpperCase();
  return LOCALES[key] ?? (isMarketId(upper) ? upper : undefined);
}

function text(value: string | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' || t === '-' ? null : t;
}
function money(value: string | undefined): number | null {
  const t = text(value);
  if (t === null) return null;
  const minor = decimalToMinor(t);
  return minor !== null && minor > 0 ? minor : null;
}
function integer(value: string | undefined): number | null {
  const t = text(value);
  if (t === null) return null;
  const digits = t.replace(/[^\d-]/g, '');
  if (!/^-?\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 0 ? n : null;
}
function decimal(value: string | undefined): number | null {
  const t = text(value);
  if (t === null) return null;
  const n = Number(t.replace('%', '').replace(',', '.').trim());
  return Number.isFinite(n) ? n : null;
}

export interface KeepaExportResult {
  /** Listings grouped by market and canonical EAN. */
  byMarket: Map<MarketId, Map<string, AmazonListing[]>>;
  rowsRead: number;
  rowsSkipped: number;
  listings: number;
  problems: string[];
}

export class KeepaExportError extends Error {}

export function parseKeepaExport(csv: string, options: { market?: MarketId; fetchedAt: Date }): KeepaExportResult {
  const clean = stripBom(csv);
  const newline = clean.search(/\r?\n/);
  const firstLine = newline === -1 ? clean : clean.slice(0, newline);
  const records = parseCsvRecords(clean, detectDelimiter(firstLine));
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new KeepaExportError('The file has no data rows.');
  const names = header.map(normalizeHeader);
  const find = (aliases: readonly string[]) => {
    for (const alias of aliases) {
      const i = names.indexOf(alias);
      if (i >= 0) return i;
    }
    return -1;
  };
  const col = Object.fromEntries(Object.entries(ALIASES).map(([field, aliases]) => [field, find(aliases)])) as Record<keyof typeof ALIASES, number>;
  const codeColumns = CODE_COLUMNS.map((c) => names.indexOf(c)).filter((i) => i >= 0);
  if (col.asin < 0) throw new KeepaExportError('The file has no ASIN column. Is it a Keepa Product Viewer or Product Finder export?');
  if (!codeColumns.length) throw new KeepaExportError('The file has no EAN column (Product Codes: EAN, UPC or GTIN). Add it to the Keepa export.');
  if (col.locale < 0 && !options.market) throw new KeepaExportError('The file has no Locale column: choose the market of the export.');

  const byMarket = new Map<MarketId, Map<string, AmazonListing[]>>();
  const problems: string[] = [];
  let rowsSkipped = 0;
  let listings = 0;
  const cell = (row: string[], i: number) => (i >= 0 ? row[i] : undefined);
  rows.forEach((row, index) => {
    const line = index + 2;
    const asin = text(cell(row, col.asin))?.toUpperCase() ?? null;
    const eans = canonicalEanList(codeColumns.map((i) => row[i] ?? '').join(','));
    const market = marketOfLocale(cell(row, col.locale)) ?? options.market;
    const skip = (reason: string) => {
      rowsSkipped += 1;
      if (problems.length < 20) problems.push(`Line ${line}: ${reason}`);
    };
    if (!asin || !/^[A-Z0-9]{10}$/.test(asin)) return skip('no valid ASIN.');
    if (!eans.length) return skip(`${asin} has no valid EAN.`);
    if (!market) return skip(`${asin} has an unknown Locale "${cell(row, col.locale) ?? ''}".`);
    const rating = decimal(cell(row, col.rating));
    const referral = decimal(cell(row, col.referral));
    const pack = [integer(cell(row, col.packQuantity)), integer(cell(row, col.numberOfItems))].find((n) => n !== null && n > 1) ?? 1;
    const image = text(cell(row, col.image))?.split(/[;,\s]+/)[0] ?? null;
    const perMarket = byMarket.get(market) ?? new Map<string, AmazonListing[]>();
    byMarket.set(market, perMarket);
    for (const ean of eans) {
      const list = perMarket.get(ean) ?? [];
      if (list.some((l) => l.asin === asin)) continue;
      list.push({
        ean,
        asin,
        market,
        title: text(cell(row, col.title)),
        brand: text(cell(row, col.brand)),
        imageUrl: image && /^https?:\/\//.test(image) ? image : image ? `https://m.media-amazon.com/images/I/${image}` : null,
        buyBoxPrice: money(cell(row, col.buyBox)),
        lowestFbaPrice: money(cell(row, col.lowestFba)),
        lowestFbmPrice: money(cell(row, col.lowestFbm)),
        offerCount: integer(cell(row, col.offerCount)),
        mainCategoryRank: integer(cell(row, col.rank)) || null,
        beautyCategoryRank: integer(cell(row, col.subRank)) || null,
        estimatedMonthlySales: integer(cell(row, col.monthlySold)),
        rating: rating !== null && rating > 0 && rating <= 5 ? rating : rating !== null && rating > 5 && rating <= 50 ? rating / 10 : null,
        reviewCount: integer(cell(row, col.reviews)),
        buyBoxSellerId: text(cell(row, col.buyBoxSeller)),
        referralFeeRate: referral !== null && referral > 0 ? (referral > 1 ? referral / 100 : referral) : null,
        fbaFee: money(cell(row, col.fbaFee)),
        packageQuantity: pack,
        fetchedAt: options.fetchedAt,
        source: 'import',
      });
      perMarket.set(ean, list);
      listings += 1;
    }
  });
  return { byMarket, rowsRead: rows.length, rowsSkipped, listings, problems };
}
