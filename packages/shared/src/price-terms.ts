import { parseDecimalInput } from './decimal.ts';

/**
 * The currency of a supplier's prices and whether they include VAT (docs/scans.md "Supplier prices in
 * another currency"). The mapping dialog detects both from the price column's name and cells (and the rest of the
 * header), shows what it found and lets the user change it; the scan converts the price to EUR excl. VAT:
 *
 *   net = price ÷ (1 + vatRate) when the price includes VAT;  EUR = net ÷ (EUR → currency rate of the day).
 *
 * `vatRate` is the supplier's VAT: it is taken off a VAT-inclusive price, and it is the VAT a seller who is not
 * VAT-registered pays on the purchase and cannot reclaim (the cost of such a seller is net × (1 + vatRate), i.e. the
 * gross price). Default per currency: the standard rate of the supplier's country (SUPPLIER_VAT_DEFAULTS), for EUR the
 * wholesale rule's 21 % (purchase-vat.ts: Qogita charges Dutch VAT), editable in the dialog.
 * Pure: the browser's dialog and the server use it.
 */

/** The currencies a supplier price may be in (the FX table has each of them). */
export const SUPPLIER_CURRENCIES = ['EUR', 'GBP', 'PLN', 'USD', 'CAD', 'SEK', 'CZK'] as const;
export type SupplierCurrency = (typeof SUPPLIER_CURRENCIES)[number];

export const SUPPLIER_CURRENCY_LABELS: Record<SupplierCurrency, string> = {
  EUR: 'EUR · euro (€)',
  GBP: 'GBP · pound sterling (£)',
  PLN: 'PLN · Polish złoty (zł)',
  USD: 'USD · US dollar ($)',
  CAD: 'CAD · Canadian dollar (C$)',
  SEK: 'SEK · Swedish krona (kr)',
  CZK: 'CZK · Czech koruna (Kč)',
};

/**
 * The supplier's VAT rate (fraction) assumed for a currency: the standard rate of its country (PL 23 %, UK 20 %, SE 25 %,
 * CZ 21 %), 21 % for EUR (the wholesale rule of purchase-vat.ts, unchanged for euro lists), 0 % for USD (no VAT) and
 * 5 % for CAD (the federal GST).
 */
export const SUPPLIER_VAT_DEFAULTS: Record<SupplierCurrency, number> = {
  EUR: 0.21,
  GBP: 0.2,
  PLN: 0.23,
  USD: 0,
  CAD: 0.05,
  SEK: 0.25,
  CZK: 0.21,
};

/** The highest VAT rate accepted (fraction). */
export const MAX_SUPPLIER_VAT_RATE = 0.3;

/** What a scan knows about its supplier prices. */
export interface PriceTerms {
  currency: SupplierCurrency;
  includesVat: boolean;
  /** The supplier's VAT rate (fraction, 0.23 = 23 %). */
  vatRate: number;
}

/** EUR, excl. VAT, 21 %: what a scan without terms (old clients, stored scans) assumes. */
export const DEFAULT_PRICE_TERMS: PriceTerms = { currency: 'EUR', includesVat: false, vatRate: SUPPLIER_VAT_DEFAULTS.EUR };

export function isSupplierCurrency(value: unknown): value is SupplierCurrency {
  return typeof value === 'string' && (SUPPLIER_CURRENCIES as readonly string[]).includes(value);
}

/** Terms with the rate defaulted from the currency when none is given. */
export function priceTermsOf(currency: SupplierCurrency = 'EUR', includesVat = false, vatRate?: number | null): PriceTerms {
  return { currency, includesVat, vatRate: vatRate ?? SUPPLIER_VAT_DEFAULTS[currency] };
}

export interface PriceTermsDetection {
  /** null: nothing in the file names a currency (the dialog keeps EUR and says so). */
  currency: SupplierCurrency | null;
  /** Where the currency was seen: the price column's name, its cells, or the rest of the header. */
  currencySource: 'header' | 'cells' | 'other-columns' | null;
  /** null: nothing says whether VAT is included (the dialog assumes excl. VAT, as B2B lists are). */
  includesVat: boolean | null;
  /** A rate written in the header ("incl. 23% VAT") or implied by the words ("MwSt" 19 %, "TTC" 20 %); null: none. */
  vatRate: number | null;
  /** The words that decided includesVat ("inc VAT", "brutto", …). */
  vatWords: string | null;
  /** A Qogita export ("… Lowest Price inc. shipping"): Qogita charges Dutch VAT (21 %) whatever the currency. */
  qogita: boolean;
}

interface CurrencyPattern {
  currency: SupplierCurrency;
  pattern: RegExp;
}

// Order matters: CA$/C$ and US$ before the bare dollar; "kr" alone is not SEK (Danish and Norwegian crowns too).
const CURRENCY_PATTERNS: CurrencyPattern[] = [
  { currency: 'CAD', pattern: /\bCAD\b|\bCA\$|(^|[^A-Za-z])C\$/i },
  { currency: 'USD', pattern: /\bUSD\b|\bUS\$|\bus dollars?\b/i },
  { currency: 'GBP', pattern: /£|\bGBP\b|\bpounds?\b|\bsterling\b/i },
  { currency: 'PLN', pattern: /zł|\bPLN\b|\bzl\b|złot/i },
  { currency: 'SEK', pattern: /\bSEK\b|\bkronor\b/i },
  { currency: 'CZK', pattern: /\bCZK\b|Kč|\bkorun/i },
  { currency: 'EUR', pattern: /€|\bEUR\b|\beuros?\b/i },
  { currency: 'USD', pattern: /\$/ },
];

/** The currency a text names, or null (first pattern that matches). */
export function currencyIn(text: string): SupplierCurrency | null {
  for (const { currency, pattern } of CURRENCY_PATTERNS) if (pattern.test(text)) return currency;
  return null;
}

// VAT words (EN/DE/FR/IT/ES/NL/PL). "inc. shipping" says nothing about VAT.
const INCL_VAT =
  /\b(inc|incl|including|inkl|inclusive|with)\.?\s*(of\s+)?(vat|mwst|ust|btw|iva|tax)\b|\b(vat|iva|btw|mwst)\s*(inc|incl|included|incluido|incluida|inclusa|incluso|inkl|inbegrepen)\b|\bbrutto\b|\bgross\b|\bTTC\b|\biva\s+incl|\bz\s+vat\b|\bincl\.?\s+\d+\s*%\s*(vat|btw|mwst|iva)\b/i;
const EXCL_VAT =
  /\b(ex|exc|excl|excluding|exkl|zzgl|without|plus)\.?\s*(of\s+)?(vat|mwst|ust|btw|iva|tax)\b|\b(vat|iva|btw|mwst)\s*(ex|excl|excluded|escl|esclusa|excluido|exkl)\b|\bnetto\b|\bnet\b|\bHT\b|\bsin\s+iva\b|\bbez\s+vat\b|\bnett\b/i;

/** A VAT rate written in the text: "incl. 23% VAT", "VAT 20 %", "23% MwSt" (fraction), or null. */
function writtenRate(text: string): number | null {
  const match = /(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*(vat|mwst|ust|btw|iva|tva|moms|dph)|(vat|mwst|ust|btw|iva|tva|moms|dph)\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*%/i.exec(
    text,
  );
  const parsed = match ? parseDecimalInput(match[1] ?? match[4]) : null;
  const value = parsed?.ok ? (parsed.value ?? NaN) : NaN;
  return Number.isFinite(value) && value >= 0 && value / 100 <= MAX_SUPPLIER_VAT_RATE ? value / 100 : null;
}

/** The rate implied by a country's VAT word when no number is written: MwSt/USt 19 %, TTC/TVA 20 %, BTW 21 %. */
function impliedRate(text: string): number | null {
  if (/\b(mwst|ust)\b/i.test(text)) return 0.19;
  if (/\b(ttc|tva)\b/i.test(text)) return 0.2;
  if (/\bbtw\b/i.test(text)) return 0.21;
  if (/\bIVA\s+(inclusa|incluso|compresa)\b/i.test(text)) return 0.22;
  if (/\bIVA\s+(incluido|incluida)\b/i.test(text)) return 0.21;
  return null;
}

function vatOf(text: string): { includesVat: boolean; words: string } | null {
  const incl = INCL_VAT.exec(text);
  if (incl) return { includesVat: true, words: incl[0].trim() };
  const excl = EXCL_VAT.exec(text);
  if (excl) return { includesVat: false, words: excl[0].trim() };
  return null;
}

/** Header words of a Polish list (cena = price, nazwa = name, producent = maker, waluta = currency, ilość = quantity). */
const POLISH_HEADER = /^(cena|nazwa|producent|waluta|ilo[sś][cć]|stan|kod|marka)(\b|_)|(\b|_)(cena|brutto_pln|netto_pln)(\b|_)/i;
/** A column naming the currency of each row. */
const CURRENCY_COLUMN = /^(currency|curr|cur|waluta|w[aä]hrung|devise|valuta|moneda|munt)$/i;

/**
 * Detects the price column's currency and VAT from its name and its cells, then from the rest of the header (a
 * currency column, a currency in another price header, Polish column names → PLN). Cells count when at least half of the
 * non-empty ones name the same currency.
 */
export function detectPriceTerms(headers: readonly string[], rows: readonly (readonly string[])[], priceColumn: string | null): PriceTermsDetection {
  const detection: PriceTermsDetection = { currency: null, currencySource: null, includesVat: null, vatRate: null, vatWords: null, qogita: false };
  const index = priceColumn === null ? -1 : headers.indexOf(priceColumn);
  const header = index >= 0 ? (headers[index] ?? '') : '';
  // Header words: "price_brutto" and "Preis_inkl_MwSt" are written with underscores.
  const headerWords = header.replace(/[_]+/g, ' ');
  detection.qogita = /lowest price inc\.? shipping/i.test(header);

  const fromHeader = currencyIn(header);
  if (fromHeader) {
    detection.currency = fromHeader;
    detection.currencySource = 'header';
  } else if (index >= 0) {
    const cells = rows.map((r) => (r[index] ?? '').trim()).filter((c) => c !== '');
    const counts = new Map<SupplierCurrency, number>();
    for (const cell of cells) {
      const found = currencyIn(cell);
      if (found) counts.set(found, (counts.get(found) ?? 0) + 1);
    }
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best && best[1] * 2 >= cells.length) {
      detection.currency = best[0];
      detection.currencySource = 'cells';
    }
  }
  if (!detection.currency) {
    const currencyColumn = headers.findIndex((h) => CURRENCY_COLUMN.test(h.trim()));
    const named = currencyColumn >= 0 ? rows.map((r) => currencyIn((r[currencyColumn] ?? '').trim())).find((c) => c !== null) : undefined;
    const otherHeader = headers.map((h) => (h === priceColumn ? null : currencyIn(h))).find((c) => c !== null);
    const polish = headers.some((h) => POLISH_HEADER.test(h.trim()));
    const other = named ?? otherHeader ?? (polish ? 'PLN' : null);
    if (other) {
      detection.currency = other;
      detection.currencySource = 'other-columns';
    }
  }

  const vat = vatOf(headerWords) ?? vatOf(header);
  if (vat) {
    detection.includesVat = vat.includesVat;
    detection.vatWords = vat.words;
  } else if (index >= 0) {
    const cells = rows.map((r) => (r[index] ?? '').trim()).filter((c) => c !== '');
    const inCells = cells.map((c) => vatOf(c)).filter((v) => v !== null);
    if (inCells.length > 0 && inCells.length * 2 >= cells.length) {
      detection.includesVat = inCells[0]!.includesVat;
      detection.vatWords = inCells[0]!.words;
    }
  }
  detection.vatRate = writtenRate(header) ?? (detection.qogita ? 0.21 : impliedRate(headerWords));
  return detection;
}

/**
 * Currency signs and VAT words the shared decimal reader does not know, written in cells of lists in other currencies
 * ('36,90 zł', 'PLN 36,90', 'C$ 4.99', '129 Kč', '12,50 brutto'), removed before a cell is read as a number. The
 * currency itself is the scan's (the mapping dialog's choice), not the cell's.
 */
const OTHER_CURRENCY_WORDS = /zł|\bzl\b|\bPLN\b|\bSEK\b|\bCZK\b|Kč|\bkr\b|\bCA\$|\bC\$|\bUS\$|\bbrutto\b|\bgross\b|\bTTC\b|\bHT\b/gi;

export function withoutCurrencyWords(cell: string): string {
  return cell.replace(OTHER_CURRENCY_WORDS, '');
}

/** The terms the dialog starts with: what was detected, EUR and excl. VAT where nothing was, the rate defaulted. */
export function termsFromDetection(detection: PriceTermsDetection): PriceTerms {
  const currency = detection.currency ?? 'EUR';
  return priceTermsOf(currency, detection.includesVat ?? false, detection.vatRate);
}

/** "GBP detected in the column name", "PLN detected from the other columns", or null when nothing was. */
export function describeDetection(detection: PriceTermsDetection): { currency: string | null; vat: string | null } {
  const where = { header: 'in the column name', cells: 'in the prices', 'other-columns': 'from the other columns' } as const;
  return {
    currency: detection.currency && detection.currencySource ? `${detection.currency} detected ${where[detection.currencySource]}` : null,
    vat:
      detection.includesVat === null
        ? null
        : detection.includesVat
          ? `VAT included detected (“${detection.vatWords}”)`
          : `Prices without VAT detected (“${detection.vatWords}”)`,
  };
}

/**
 * The supplier's price in EUR excl. VAT (minor units, unrounded) from the price as written (minor units of its
 * currency): VAT taken off when included, then divided by the EUR → currency rate (1 EUR = rate units).
 */
export function supplierPriceToEur(writtenMinor: number, terms: PriceTerms, eurToCurrencyRate: number): number {
  const net = terms.includesVat ? writtenMinor / (1 + terms.vatRate) : writtenMinor;
  return terms.currency === 'EUR' ? net : net / eurToCurrencyRate;
}
