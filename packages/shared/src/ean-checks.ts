import { z } from 'zod';
import type { EanProblem } from './ean.ts';

/**
 * What the mapping dialog can tell about a file's EAN column before a scan starts: how many
 * usable EANs it has (what the plan's allowance is spent on) and how many rows carry a damaged code, and why. The
 * server counts them while it reads the file for the Keepa token estimate (POST /supplier-analyzer/token-estimate),
 * with the same rules as the scan (ean.ts normalizeEan, supplier-file.ts), so the dialog and the scan report agree.
 */

/** Damaged (not internal) codes, in the order the dialog names them: the most common spreadsheet damage first. */
export const DAMAGE_PROBLEMS = ['scientific_notation', 'too_short', 'check_digit', 'not_digits', 'too_long', 'all_zeros'] as const;
export type DamageProblem = (typeof DAMAGE_PROBLEMS)[number];

export const isDamageProblem = (problem: EanProblem): problem is DamageProblem => (DAMAGE_PROBLEMS as readonly string[]).includes(problem);

/** Examples the dialog shows of the damaged codes: at most this many. */
export const DAMAGE_EXAMPLES = 3;

export const fileChecksSchema = z.object({
  /** Product rows of the file (title lines above the header and totals below the data are not counted). */
  rowsRead: z.number().int(),
  /** Distinct valid EANs: what the scan analyzes and the plan's EAN allowance is spent on. */
  usableEans: z.number().int(),
  /** Rows whose EAN appeared earlier in the file (analyzed once). */
  duplicateRows: z.number().int(),
  /** Rows without an EAN. */
  missingEans: z.number().int(),
  /** Rows with a shop-internal or coupon number: well-formed, but never a product on Amazon. */
  internalCodes: z.number().int(),
  /** Rows whose EAN is damaged: every problem below (the scan reports them as 'Invalid EAN'). */
  damagedEans: z.number().int(),
  /**
   * Damaged rows by problem (DamageProblem). Counted over the unusable rows the scan keeps (STORED_ISSUES_LIMIT); when
   * a file has more, `damagedExamined` says how many the counts describe.
   */
  damagedByProblem: z.record(z.string(), z.number().int()),
  damagedExamined: z.number().int(),
  /** The first damaged codes with their line (XLSX: the sheet row) and problem. */
  examples: z.array(z.object({ line: z.number().int(), value: z.string(), problem: z.string() })),
});
export type FileChecks = z.infer<typeof fileChecksSchema>;
