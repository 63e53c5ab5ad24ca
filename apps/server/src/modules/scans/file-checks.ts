import { DAMAGE_EXAMPLES, isDamageProblem, type FileChecks } from '@dealradar/shared/ean-checks';
import { normalizeEan } from '@dealradar/shared/ean';
import type { ParsedSupplierFile } from './supplier-file.ts';

/**
 * The mapping dialog's checks of a parsed file: usable EANs and the damaged codes by problem,
 * from the same parse the scan makes (ean.ts decides why a code is refused). The problems are counted over the
 * unusable rows the parse keeps (STORED_ISSUES_LIMIT); the total of damaged rows is exact.
 */
export function fileChecksOf(parsed: ParsedSupplierFile): FileChecks {
  const damagedByProblem: Record<string, number> = {};
  const examples: FileChecks['examples'] = [];
  let damagedExamined = 0;
  for (const issue of parsed.issues) {
    if (issue.reason !== 'invalid_ean') continue;
    const check = normalizeEan(issue.value);
    if (check.valid || !isDamageProblem(check.problem)) continue;
    damagedExamined += 1;
    damagedByProblem[check.problem] = (damagedByProblem[check.problem] ?? 0) + 1;
    if (examples.length < DAMAGE_EXAMPLES) examples.push({ line: issue.line, value: issue.value, problem: check.problem });
  }
  const counts = parsed.issueCounts;
  return {
    rowsRead: parsed.rowsRead,
    usableEans: parsed.eans.length,
    duplicateRows: parsed.duplicateRows,
    missingEans: counts.missing_ean ?? 0,
    internalCodes: counts.internal_code ?? 0,
    damagedEans: counts.invalid_ean ?? 0,
    damagedByProblem,
    damagedExamined,
    examples,
  };
}
