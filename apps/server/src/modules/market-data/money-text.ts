/** Parsing of money typed into files (Qogita CSV, Keepa exports). */

/**
 * Decimal text ("12.50", "1,234.50", "12,50", "€ 12,99") → minor units, without float accumulation;
 * a third decimal rounds half-up. null when there is no number.
 */
export function decimalToMinor(text: string): number | null {
  let t = text.replace(/[^\d.,-]/g, '');
  if (!t) return null;
  if (t.includes(',') && t.includes('.')) t = t.lastIndexOf(',') > t.lastIndexOf('.') ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  else if (t.includes(',')) t = /,\d{1,2}$/.test(t) ? t.replace(',', '.') : t.replace(/,/g, '');
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(t);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number(((match[3] ?? '') + '00').slice(0, 2)) + (Number((match[3] ?? '')[2] ?? 0) >= 5 ? 1 : 0);
  return match[1] ? -cents : cents;
}
