import { decimalSeparatorOf, parseDecimalInput } from './decimal.ts';
import { normalizeEan } from './ean.ts';
import { withoutCurrencyWords } from './price-terms.ts';
import { fieldOfHeader, type MappedField } from './table-header.ts';

/**
 * The mapping dialog's pre-selection (the user confirms or changes it): by header name in EN/DE/FR/IT/ES/NL
 * (table-header.ts HEADER_NAMES) and by content of the sample rows (mostly valid GTINs → EAN; money-like → price;
 * small whole numbers under a Pack/Case/VPE/… name → units). `confidence` is 'high' when the name and the content
 * agree, 'low' when only one of them speaks (the dialog may ask the user to check a low guess).
 */
export interface ColumnGuess {
  ean?: string;
  brand?: string;
  price?: string;
  units?: string;
  /** Always set by guessColumns (optional in the type so that `{}` still stands for "no guesses"). */
  confidence?: Partial<Record<MappedField, 'high' | 'low'>>;
}

interface ColumnStats {
  filled: number;
  gtin: number;
  money: number;
  decimals: number;
  smallInt: number;
}

function statsOf(column: number, rows: string[][]): ColumnStats {
  const stats: ColumnStats = { filled: 0, gtin: 0, money: 0, decimals: 0, smallInt: 0 };
  const cells = rows.map((r) => (r[column] ?? '').trim()).filter((c) => c !== '');
  const decimal = decimalSeparatorOf(cells);
  for (const cell of cells) {
    stats.filled += 1;
    const digits = cell.replace(/\D/g, '');
    if (digits.length >= 8 && normalizeEan(cell).valid) {
      stats.gtin += 1;
      continue;
    }
    if (digits.length > 7) continue; // a long number is a code, not an amount
    const value = parseDecimalInput(withoutCurrencyWords(cell), { decimalSeparator: decimal });
    if (!value.ok || value.value === null) continue;
    stats.money += 1;
    if (/[.,]\d{1,2}\s*(€|eur|\$|£|zł|pln)?$/i.test(cell) || /[€$£]|zł/.test(cell)) stats.decimals += 1;
    if (Number.isInteger(value.value) && value.value >= 1 && value.value <= 1000 && /^\d+$/.test(cell)) stats.smallInt += 1;
  }
  return stats;
}

const share = (part: number, s: ColumnStats) => (s.filled === 0 ? 0 : part / s.filled);

export function guessColumns(headers: string[], sampleRows: string[][] = []): ColumnGuess {
  const confidence: Partial<Record<MappedField, 'high' | 'low'>> = {};
  const guess: ColumnGuess = { confidence };
  const taken = new Set<number>();
  const stats = headers.map((_, i) => statsOf(i, sampleRows));
  const hasSample = sampleRows.length > 0;
  const named = (field: MappedField) =>
    headers
      .map((h, i) => ({ i, match: fieldOfHeader(h) }))
      .filter((c) => !taken.has(c.i) && c.match?.field === field)
      .sort((a, b) => Number(b.match!.exact) - Number(a.match!.exact));
  const choose = (field: MappedField, index: number, level: 'high' | 'low') => {
    guess[field] = headers[index];
    confidence[field] = level;
    taken.add(index);
  };

  // EAN: a named column whose cells are codes; else the column of mostly valid GTINs; else the named one.
  const eanNamed = named('ean');
  const eanByContent = bestBy(headers, taken, (i) => share(stats[i]!.gtin, stats[i]!), 0.6);
  const eanGood = eanNamed.find((c) => !hasSample || share(stats[c.i]!.gtin, stats[c.i]!) >= 0.5);
  if (eanGood) choose('ean', eanGood.i, hasSample ? 'high' : 'low');
  else if (eanByContent !== undefined) choose('ean', eanByContent, 'low');
  else if (eanNamed[0]) choose('ean', eanNamed[0].i, 'low');

  // Price: a named column with amounts (exact names first); else the column of amounts with decimals.
  const priceNamed = named('price');
  const priceGood = priceNamed.find((c) => !hasSample || share(stats[c.i]!.money, stats[c.i]!) >= 0.6);
  const priceByContent = bestBy(headers, taken, (i) => (share(stats[i]!.money, stats[i]!) >= 0.8 ? share(stats[i]!.decimals, stats[i]!) : 0), 0.6);
  if (priceGood) choose('price', priceGood.i, hasSample ? 'high' : 'low');
  else if (priceByContent !== undefined) choose('price', priceByContent, 'low');
  else if (priceNamed[0]) choose('price', priceNamed[0].i, 'low');

  // Brand: by name only (the content of a brand column looks like any other text).
  const brandNamed = named('brand');
  if (brandNamed[0]) choose('brand', brandNamed[0].i, brandNamed[0].match!.exact ? 'high' : 'low');

  // Units per price: only a named column whose cells are small whole numbers (a wrong guess would divide prices).
  const unitsNamed = named('units').find((c) => !hasSample || share(stats[c.i]!.smallInt, stats[c.i]!) >= 0.8);
  if (unitsNamed) choose('units', unitsNamed.i, hasSample ? 'high' : 'low');
  return guess;
}

function bestBy(headers: string[], taken: Set<number>, score: (i: number) => number, min: number): number | undefined {
  let best: number | undefined;
  let bestScore = min;
  headers.forEach((_, i) => {
    if (taken.has(i)) return;
    const s = score(i);
    if (s >= bestScore && (best === undefined || s > bestScore)) {
      best = i;
      bestScore = s;
    }
  });
  return best;
}
