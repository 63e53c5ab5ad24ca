import { DAMAGE_PROBLEMS, type FileChecks } from '@dealradar/shared/ean-checks';
import { formatCount } from './format.ts';

/**
 * The mapping dialog's warnings before Confirm, pure and tested in mapping-checks.test.ts:
 * what the plan's remaining EAN allowance leaves of the file, and how many EANs are damaged, why, and how to export
 * the column as text. Decisions: docs/scans-web.md "Checks before Confirm".
 */

const n = (value: number) => formatCount(value);

/** EANs left of this month's allowance (limit − used, never below 0). */
export function uploadsLeft(status: { eanUploadLimit: number; eanUploadsThisMonth: number }): number {
  return Math.max(0, status.eanUploadLimit - status.eanUploadsThisMonth);
}

export interface PlanWarning {
  analyzed: number;
  total: number;
  text: string;
}

/**
 * 'Your plan has 100 EAN uploads left this month, so only 100 of 199 EANs will be analyzed: the first 100 in the
 * file. The other 99 are not analyzed and do not use your allowance.' — null when the allowance covers the file.
 * The server takes the file's first EANs up to what is left (entitlements.ts reserveEanUploads), counting only those.
 */
export function planWarning(usableEans: number, left: number): PlanWarning | null {
  if (usableEans <= left) return null;
  if (left === 0) {
    return { analyzed: 0, total: usableEans, text: 'Your plan has no EAN uploads left this month, so none of the file’s EANs can be analyzed.' };
  }
  const rest = usableEans - left;
  return {
    analyzed: left,
    total: usableEans,
    text:
      `Your plan has ${n(left)} EAN upload${left === 1 ? '' : 's'} left this month, so only ${n(left)} of ${n(usableEans)} EANs will be analyzed: ` +
      `the first ${n(left)} in the file. The other ${n(rest)} ${rest === 1 ? 'is' : 'are'} not analyzed and do not use your allowance; ` +
      'put the EANs you care about most at the top, or split the list.',
  };
}

/** How bad the damage is: none; some; most (half or more of the codes, said prominently); all (nothing to scan). */
export type DamageLevel = 'none' | 'some' | 'most' | 'all';

export function damageLevel(checks: FileChecks): DamageLevel {
  if (checks.damagedEans === 0) return 'none';
  if (checks.usableEans === 0) return 'all';
  return checks.damagedEans * 2 >= checks.rowsRead ? 'most' : 'some';
}

/** Confirm stays enabled while at least one EAN can be scanned; a file with none would be refused by the server anyway. */
export function confirmBlocked(checks: FileChecks): boolean {
  return checks.usableEans === 0 && checks.rowsRead > 0;
}

const PROBLEM_TEXT: Record<string, (count: number) => string> = {
  scientific_notation: (c) => `${n(c)} in scientific notation (like 4,00638E+12): a spreadsheet kept only the first digits`,
  too_short: (c) => `${n(c)} too short (fewer than 8 digits, often leading zeros a spreadsheet dropped)`,
  check_digit: (c) => `${n(c)} with a wrong check digit (a changed or missing digit)`,
  not_digits: (c) => `${n(c)} with characters other than digits`,
  too_long: (c) => `${n(c)} too long (more than 14 digits)`,
  all_zeros: (c) => `${n(c)} all zeros`,
};

/** The damage's headline: '9,529 of 10,000 rows have a damaged EAN; only 471 EANs can be scanned.' */
export function damageHeadline(checks: FileChecks): string {
  const level = damageLevel(checks);
  const rows = `${n(checks.damagedEans)} of ${n(checks.rowsRead)} row${checks.rowsRead === 1 ? '' : 's'}`;
  const have = checks.damagedEans === 1 ? 'has' : 'have';
  if (level === 'all') return `${rows} ${have} a damaged EAN: none can be scanned. Fix the file and upload it again.`;
  if (level === 'most')
    return `${rows} ${have} a damaged EAN: only ${n(checks.usableEans)} EAN${checks.usableEans === 1 ? '' : 's'} can be scanned. Fixing the file first is better.`;
  return `${rows} ${have} a damaged EAN; ${checks.damagedEans === 1 ? 'it is' : 'they are'} left out, the other EANs are scanned.`;
}

/** One line per problem, in DAMAGE_PROBLEMS order; with '(of the first N looked at)' when the file had more. */
export function damageReasons(checks: FileChecks): string[] {
  const lines = DAMAGE_PROBLEMS.filter((p) => (checks.damagedByProblem[p] ?? 0) > 0).map((p) => PROBLEM_TEXT[p]!(checks.damagedByProblem[p]!));
  if (lines.length && checks.damagedExamined < checks.damagedEans) lines.push(`(counted over the first ${n(checks.damagedExamined)} damaged rows)`);
  return lines;
}

/** How to export the EAN column so it stays intact, for the problems found. */
export function damageAdvice(checks: FileChecks): string[] {
  const has = (p: string) => (checks.damagedByProblem[p] ?? 0) > 0;
  const advice: string[] = [];
  if (has('scientific_notation') || has('too_short')) {
    advice.push(
      'Keep the EAN column as text: in Excel select the column, choose Format Cells → Text, then save as “CSV UTF-8 (Comma delimited)” — or upload the .xlsx workbook itself, whose number cells are read with every digit.',
      'Opening a CSV in Excel by double-click damages it again: use Data → From Text/CSV and set the EAN column to Text (LibreOffice: column type Text in the import dialog).',
    );
  }
  if (has('scientific_notation')) {
    advice.push('Codes already saved as 4,00638E+12 cannot be repaired from this file: export the list again from its source.');
  }
  if (has('check_digit') || has('not_digits') || has('too_long')) {
    advice.push('Codes with a wrong check digit or other characters are typos or not EANs: correct them in the source list.');
  }
  return advice;
}

/**
 * The token estimate counts every usable EAN; a run cut by the plan looks up only the first `left` (the scan stores
 * that smaller estimate): 'This run analyzes 100 of them on your plan: about 145 Keepa tokens.' Null when not cut.
 */
export function planTokensNote(estimate: { eans: number; tokens: number }, left: number): string | null {
  if (left >= estimate.eans || left === 0 || estimate.tokens === 0) return null;
  const tokens = Math.max(1, Math.round((estimate.tokens * left) / estimate.eans));
  return `This run analyzes ${n(left)} of them on your plan: about ${n(tokens)} Keepa token${tokens === 1 ? '' : 's'}.`;
}
