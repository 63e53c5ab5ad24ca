/**
 * Where the table of a supplier file starts and ends, shared by the browser preview and the server (CSV and XLSX).
 *
 * Real price lists put a title, a date, notes or blank rows above the header ("Qogita Catalog", "For Illustrative
 * Purposes Only", "Preisliste Stand 01.11.2026") and totals or notes below the data. The header is the first row that
 * looks like one; rows above it are skipped and reported; total and note rows below the data are reported as skipped
 * lines, not as unusable products.
 */

/** How many rows from the top may hold the header (rows further down are never taken for it). */
export const HEADER_SEARCH_ROWS = 30;

export type SkippedLineReason = 'blank' | 'title' | 'total' | 'note';

export interface SkippedLine {
  /** 1-based physical line (CSV) or sheet row (XLSX). */
  line: number;
  reason: SkippedLineReason;
  /** The row's text (non-empty cells joined by ' · '), at most 100 characters. */
  text: string;
}

/** Header names in EN/DE/FR/IT/ES/NL, normalized with normalizeHeaderName. */
export const HEADER_NAMES = {
  ean: [
    'ean',
    'gtin',
    'barcode',
    'bar code',
    'upc',
    'ean13',
    'ean 13',
    'ean8',
    'gtin13',
    'gtin 13',
    'gtin14',
    'ean code',
    'code ean',
    'codice ean',
    'codigo ean',
    'ean codigo',
    'strichcode',
    'ean nummer',
    'ean nr',
    'eannummer',
    'ean upc',
    'upc ean',
    'ean gtin',
    'gtin ean',
    'eancode',
    'ean barcode',
    'barcode ean',
    'streepjescode',
    'code barre',
    'code barres',
    'code a barres',
    'codice a barre',
    'codigo de barras',
    'product codes ean',
    'product ean',
    'ean 13 code',
    'article ean',
    'artikel ean',
  ],
  price: [
    'price',
    'preis',
    'ek',
    'ek preis',
    'ekpreis',
    'einkaufspreis',
    'einkauf',
    'prix',
    'prix ht',
    'prix achat',
    'prix d achat',
    'prezzo',
    'prezzo netto',
    'precio',
    'precio neto',
    'cost',
    'cost price',
    'net',
    'netto',
    'ht',
    'unit price',
    'net price',
    'wholesale price',
    'trade price',
    'buy price',
    'purchase price',
    'prijs',
    'inkoopprijs',
    'nettopreis',
    'netto preis',
    'handlerpreis',
    'haendlerpreis',
    'stuckpreis',
    'stueckpreis',
    'prix unitaire',
    'prezzo unitario',
    'precio unitario',
    'coste',
    'costo',
    'price eur',
    'price excl vat',
    'price ex vat',
    'preis netto',
    'ek netto',
    'lowest price inc shipping',
    'price inc shipping',
    'your price',
    'offer price',
    'angebotspreis',
    'vk',
    'case price',
    'pack price',
  ],
  brand: [
    'brand',
    'marke',
    'marque',
    'marca',
    'merk',
    'hersteller',
    'manufacturer',
    'fabricant',
    'produttore',
    'fabricante',
    'fabrikant',
    'brand name',
    'markenname',
    'nom de marque',
    'nome marca',
    'merknaam',
  ],
  units: [
    'pack',
    'pack size',
    'packsize',
    'case',
    'case size',
    'case qty',
    'case quantity',
    'qty',
    'qty per case',
    'vpe',
    've',
    'units',
    'units per case',
    'units per pack',
    'colisage',
    'confezione',
    'pz confezione',
    'pezzi per confezione',
    'pezzi',
    'unidades',
    'unidades por caja',
    'eenheden',
    'per case',
    'pcs',
    'pcs case',
    'pcs per case',
    'inner',
    'outer',
    'carton qty',
    'stuck',
    'stk',
    'stuck karton',
    'verpackungseinheit',
    'pu',
    'moq pack',
    'case pack',
    'pack qty',
    'pack quantity',
  ],
  other: [
    'name',
    'product name',
    'product',
    'title',
    'description',
    'bezeichnung',
    'artikel',
    'artikelbezeichnung',
    'artikelname',
    'produkt',
    'produktname',
    'designation',
    'descrizione',
    'descripcion',
    'omschrijving',
    'product link',
    'product url',
    'link',
    'url',
    'image url',
    'stock',
    'inventory',
    'category',
    'kategorie',
    'sku',
    'article',
    'item',
    'asin',
    'unit',
    'size',
    'menge',
    'bestand',
    'lager',
    'quantity',
    'art nr',
    'artikelnummer',
    'ref',
    'reference',
    'referencia',
    'riferimento',
    'contenu',
    'inhalt',
    'is a pre order',
    'number of offers',
    'estimated delivery time weeks',
    'total inventory of all offers',
    'lowest priced offer inventory',
  ],
} as const;

export type MappedField = 'ean' | 'price' | 'brand' | 'units';

/** Lower case, accents and currency signs gone, every run of other characters one space. */
export function normalizeHeaderName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const EXACT = new Map<string, MappedField | 'other'>();
for (const [field, names] of Object.entries(HEADER_NAMES)) for (const n of names) if (!EXACT.has(n)) EXACT.set(n, field as MappedField | 'other');

/** Words that make a header name a field's even inside a longer name ('€ Lowest Price inc. shipping', 'EAN-Code'). */
const WORDS: Record<MappedField, RegExp> = {
  ean: /\b(ean|gtin|barcode|upc|ean13|gtin13|strichcode|streepjescode)\b/,
  price: /\b(price|preis|prix|prezzo|precio|prijs|cost|costo|coste|einkaufspreis|ek|netto|nettopreis|inkoopprijs)\b/,
  brand: /\b(brand|marke|marque|marca|merk|hersteller|manufacturer)\b/,
  units: /\b(vpe|colisage|confezione|units per|pcs per|case size|pack size|units)\b/,
};
/** Header names with a field's word that are something else ('Price link', 'Qty available', 'Lowest Priced Offer Inventory'). */
const NOT: Partial<Record<MappedField, RegExp>> = {
  price: /\b(link|url|inventory|stock|offers?|date|datum|currency|wahrung|vat rate|mwst satz|rrp|uvp|msrp|retail)\b/,
  units: /\b(available|stock|inventory|min|moq|order)\b/,
};

/** Which field a header name names: by the exact name, else by a word in it. */
export function fieldOfHeader(name: string): { field: MappedField | 'other'; exact: boolean } | undefined {
  const key = normalizeHeaderName(name);
  if (key === '') return undefined;
  const exact = EXACT.get(key);
  if (exact) return { field: exact, exact: true };
  for (const field of ['ean', 'price', 'brand', 'units'] as MappedField[]) {
    if (WORDS[field].test(key) && !NOT[field]?.test(key)) return { field, exact: false };
  }
  return undefined;
}

const NUMBERISH = /^[\s€$£%+\-.,'0-9eE]*\d[\s€$£%+\-.,'0-9eE]*$/;
const DATEISH = /^\s*(\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{4}-\d{2}-\d{2}T)/;

interface RowShape {
  nonEmpty: number;
  numeric: number;
  known: number;
}

function shapeOf(row: string[]): RowShape {
  let nonEmpty = 0;
  let numeric = 0;
  let known = 0;
  for (const raw of row) {
    const cell = raw.trim();
    if (cell === '') continue;
    nonEmpty += 1;
    if (NUMBERISH.test(cell) || DATEISH.test(cell)) numeric += 1;
    else if (fieldOfHeader(cell)) known += 1;
  }
  return { nonEmpty, numeric, known };
}

/** The non-empty cells of a row joined for the report, at most 100 characters. */
export function rowText(row: string[]): string {
  const text = row
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .join(' · ');
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/**
 * The header row among the first rows of a file: the first row with at least two non-empty cells (one when the file
 * has a single column), mostly text (at most a third numbers or dates) and at least half as wide as the widest of
 * the first rows; among such rows the one naming the most known columns (EAN, price, brand, units, name, …) wins,
 * the earliest on a tie. Rows above it are skipped: 'blank' (no text) or 'title' (a title, date or note).
 * When no row qualifies, the first non-blank row is the header (as before: SPEC §5 "the first line is the header").
 * `lines` gives the physical line of each row (default: index + 1).
 */
export function detectHeaderRow(rows: string[][], lines?: number[]): { index: number; skipped: SkippedLine[] } {
  const window = rows.slice(0, HEADER_SEARCH_ROWS);
  const shapes = window.map(shapeOf);
  const widest = shapes.reduce((max, s) => Math.max(max, s.nonEmpty), 0);
  const minCells = widest <= 1 ? 1 : Math.max(2, Math.ceil(widest / 2));
  const qualifies = (s: RowShape) => s.nonEmpty >= minCells && s.numeric * 3 <= s.nonEmpty;
  let best = -1;
  for (let i = 0; i < shapes.length; i += 1) {
    const s = shapes[i]!;
    if (!qualifies(s)) continue;
    if (best < 0 || s.known > shapes[best]!.known) best = i;
  }
  if (best < 0)
    best = Math.max(
      0,
      shapes.findIndex((s) => s.nonEmpty > 0),
    );
  const lineOf = (i: number) => lines?.[i] ?? i + 1;
  const skipped: SkippedLine[] = [];
  for (let i = 0; i < best; i += 1) {
    const s = shapes[i]!;
    skipped.push({ line: lineOf(i), reason: s.nonEmpty === 0 ? 'blank' : 'title', text: rowText(window[i]!) });
  }
  return { index: best, skipped };
}

const TOTAL_WORDS =
  /^(total|totals|grand total|sub ?total|sum|summe|gesamt|gesamtsumme|zwischensumme|endsumme|totaal|subtotaal|totale|totale generale|subtotale|somma|total general|suma|sous total|montant total)\b/i;

/** A row that is a total ('Total', 'Summe', 'Zwischensumme', 'Totaal', …) rather than a product. */
export function isTotalRow(row: string[]): boolean {
  for (const raw of row) {
    const cell = raw.trim();
    if (cell === '') continue;
    return TOTAL_WORDS.test(normalizeHeaderName(cell));
  }
  return false;
}

const CODE_LIKE = /^[\s'"=]*\d[\d\s.,\-_]*(e\+?\d+)?["]?\s*$/i;

/**
 * A row that may be a note or total below the data rather than a product: its code cell does not look like a code
 * ('', 'Total', '* Prices excl. VAT', 'Stand 01.11.2026'). Such rows count as unusable products only when a product
 * row follows them.
 */
export function isTrailerCandidate(codeCell: string): boolean {
  return !CODE_LIKE.test(codeCell);
}
