import { canonicalEanList } from '@dealradar/shared/ean';
import { isMarketId, type MarketId } from '@dealradar/shared/markets';
import type { AmazonListing } from './market-data.types.ts';
import { decimalToMinor } from './money-text.ts';
import { parseDecimalInput } from '@dealradar/shared/decimal';

/**
 * Reads a Keepa Product Viewer / Product Finder export, CSV or XLSX (external-apis.md §7.1). Header names are matched
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
  de: 'DE',
  'amazon.de': 'DE',
  uk: 'UK',
  gb: 'UK',
  'co.uk': 'UK',
  'amazon.co.uk': 'UK',
  fr: 'FR',
  'amazon.fr': 'FR',
  it: 'IT',
  'amazon.it': 'IT',
  es: 'ES',
  'amazon.es': 'ES',
  us: 'US',
  com: 'US',
  'amazon.com': 'US',
  ca: 'CA',
  'amazon.ca': 'CA',
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

/** A cell's text, trimmed, as a new string (a slice would keep the file's decoded chunk alive). */
function text(value: string | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' || t === '-' ? null : (JSON.parse(JSON.stringify(t)) as string);
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
  const parsed = parseDecimalInput(t, { allowNegative: true });
  return parsed.ok ? parsed.value : null;
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

/**
 * Reads a Keepa export row by row (CSV or XLSX: the caller streams the rows): header() maps the columns (a
 * KeepaExportError names what is missing), row() turns a row into listings per market and EAN, result() ends.
 */
export class KeepaExportReader {
  private col: Record<keyof typeof ALIASES, number> | undefined;
  private codeColumns: number[] = [];
  private readonly byMarket = new Map<MarketId, Map<string, AmazonListing[]>>();
  private readonly problems: string[] = [];
  private rowsRead = 0;
  private rowsSkipped = 0;
  private listings = 0;

  constructor(private readonly options: { market?: MarketId; fetchedAt: Date }) {}

  get hasHeader(): boolean {
    return this.col !== undefined;
  }

  header(header: string[]): void {
    const names = header.map(normalizeHeader);
    const find = (aliases: readonly string[]) => {
      for (const alias of aliases) {
        const i = names.indexOf(alias);
        if (i >= 0) return i;
      }
      return -1;
    };
    const col = Object.fromEntries(Object.entries(ALIASES).map(([field, aliases]) => [field, find(aliases)])) as Record<keyof typeof ALIASES, number>;
    this.codeColumns = CODE_COLUMNS.map((c) => names.indexOf(c)).filter((i) => i >= 0);
    if (col.asin < 0) throw new KeepaExportError('The file has no ASIN column. Is it a Keepa Product Viewer or Product Finder export?');
    if (!this.codeColumns.length) throw new KeepaExportError('The file has no EAN column (Product Codes: EAN, UPC or GTIN). Add it to the Keepa export.');
    if (col.locale < 0 && !this.options.market) throw new KeepaExportError('The file has no Locale column: choose the market of the export.');
    this.col = col;
  }

  row(row: string[], line: number): void {
    const col = this.col!;
    this.rowsRead += 1;
    const cell = (i: number) => (i >= 0 ? row[i] : undefined);
    const asin = text(cell(col.asin))?.toUpperCase() ?? null;
    const eans = canonicalEanList(this.codeColumns.map((i) => row[i] ?? '').join(','));
    const market = marketOfLocale(cell(col.locale)) ?? this.options.market;
    const skip = (reason: string) => {
      this.rowsSkipped += 1;
      if (this.problems.length < 20) this.problems.push(`Line ${line}: ${reason}`);
    };
    if (!asin || !/^[A-Z0-9]{10}$/.test(asin)) return skip('no valid ASIN.');
    if (!eans.length) return skip(`${asin} has no valid EAN.`);
    if (!market) return skip(`${asin} has an unknown Locale "${cell(col.locale) ?? ''}".`);
    const rating = decimal(cell(col.rating));
    const referral = decimal(cell(col.referral));
    const pack = [integer(cell(col.packQuantity)), integer(cell(col.numberOfItems))].find((n) => n !== null && n > 1) ?? 1;
    const image = text(cell(col.image))?.split(/[;,\s]+/)[0] ?? null;
    const perMarket = this.byMarket.get(market) ?? new Map<string, AmazonListing[]>();
    this.byMarket.set(market, perMarket);
    for (const ean of eans) {
      const list = perMarket.get(ean) ?? [];
      if (list.some((l) => l.asin === asin)) continue;
      list.push({
        ean,
        asin,
        market,
        title: text(cell(col.title)),
        brand: text(cell(col.brand)),
        imageUrl: image && /^https?:\/\//.test(image) ? image : image ? `https://m.media-amazon.com/images/I/${image}` : null,
        buyBoxPrice: money(cell(col.buyBox)),
        lowestFbaPrice: money(cell(col.lowestFba)),
        lowestFbmPrice: money(cell(col.lowestFbm)),
        offerCount: integer(cell(col.offerCount)),
        mainCategoryRank: integer(cell(col.rank)) || null,
        beautyCategoryRank: integer(cell(col.subRank)) || null,
        estimatedMonthlySales: integer(cell(col.monthlySold)),
        rating: rating !== null && rating > 0 && rating <= 5 ? rating : rating !== null && rating > 5 && rating <= 50 ? rating / 10 : null,
        reviewCount: integer(cell(col.reviews)),
        buyBoxSellerId: sellerIdOrNull(text(cell(col.buyBoxSeller))),
        referralFeeRate: referralFraction(referral),
        fbaFee: money(cell(col.fbaFee)),
        packageQuantity: pack,
        fetchedAt: this.options.fetchedAt,
        source: 'import',
      });
      perMarket.set(ean, list);
      this.listings += 1;
    }
  }

  result(): KeepaExportResult {
    if (this.rowsRead === 0) throw new KeepaExportError('The file has no data rows.');
    return { byMarket: this.byMarket, rowsRead: this.rowsRead, rowsSkipped: this.rowsSkipped, listings: this.listings, problems: this.problems };
  }
}

/** Keepa's -1 (no seller) and -2 (unknown) are never seller ids (external-apis.md §9.1). */
function sellerIdOrNull(value: string | null): string | null {
  return value === null || value === '-1' || value === '-2' ? null : value;
}

/** A percent (15) or a fraction (0.15); a rate outside (0, 0.5] is refused, as from the API. */
function referralFraction(value: number | null): number | null {
  if (value === null || !(value > 0)) return null;
  const rate = value > 1 ? value / 100 : value;
  return rate <= 0.5 ? rate : null;
}
