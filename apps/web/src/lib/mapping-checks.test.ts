import { describe, expect, it } from 'vitest';
import type { FileChecks } from '@dealradar/shared/ean-checks';
import { confirmBlocked, damageAdvice, damageHeadline, damageLevel, damageReasons, planTokensNote, planWarning, uploadsLeft } from './mapping-checks.ts';

const clean: FileChecks = {
  rowsRead: 199,
  usableEans: 199,
  duplicateRows: 0,
  missingEans: 0,
  internalCodes: 0,
  damagedEans: 0,
  damagedByProblem: {},
  damagedExamined: 0,
  examples: [],
};

describe('the plan allowance before Confirm', () => {
  it('says only 100 of 199 will be analyzed on FREE with the whole allowance left', () => {
    const left = uploadsLeft({ eanUploadLimit: 100, eanUploadsThisMonth: 0 });
    const warning = planWarning(199, left);
    expect(warning).toMatchObject({ analyzed: 100, total: 199 });
    expect(warning?.text).toBe(
      'Your plan has 100 EAN uploads left this month, so only 100 of 199 EANs will be analyzed: the first 100 in the file. ' +
        'The other 99 are not analyzed and do not use your allowance; put the EANs you care about most at the top, or split the list.',
    );
  });
  it('counts what was used this month, and says nothing when the allowance covers the file', () => {
    expect(planWarning(50, uploadsLeft({ eanUploadLimit: 100, eanUploadsThisMonth: 40 }))).toBeNull();
    expect(planWarning(61, uploadsLeft({ eanUploadLimit: 100, eanUploadsThisMonth: 40 }))?.text).toMatch(
      /^Your plan has 60 EAN uploads left this month, so only 60 of 61/,
    );
    expect(planWarning(5, uploadsLeft({ eanUploadLimit: 100, eanUploadsThisMonth: 130 }))?.text).toMatch(/no EAN uploads left/);
    expect(planWarning(1_000_000, uploadsLeft({ eanUploadLimit: Number.MAX_SAFE_INTEGER, eanUploadsThisMonth: 5 }))).toBeNull();
  });
  it('scales the token estimate to the EANs the plan lets the run analyze (the scan stores that smaller estimate)', () => {
    expect(planTokensNote({ eans: 199, tokens: 289 }, 100)).toBe('This run analyzes 100 of them on your plan: about 145 Keepa tokens.');
    expect(planTokensNote({ eans: 199, tokens: 289 }, 500)).toBeNull();
    expect(planTokensNote({ eans: 199, tokens: 0 }, 100)).toBeNull();
  });
});

describe('damaged EANs before Confirm', () => {
  const german: FileChecks = {
    ...clean,
    rowsRead: 10_000,
    usableEans: 471,
    damagedEans: 9_529,
    damagedByProblem: { scientific_notation: 9_527, check_digit: 2 },
    damagedExamined: 9_529,
    examples: [{ line: 2, value: '4,00638E+12', problem: 'scientific_notation' }],
  };
  it('says how many are damaged, why, and how to export the column as text', () => {
    expect(damageLevel(german)).toBe('most');
    expect(damageHeadline(german)).toBe('9,529 of 10,000 rows have a damaged EAN: only 471 EANs can be scanned. Fixing the file first is better.');
    expect(damageReasons(german)).toEqual([
      '9,527 in scientific notation (like 4,00638E+12): a spreadsheet kept only the first digits',
      '2 with a wrong check digit (a changed or missing digit)',
    ]);
    const advice = damageAdvice(german).join(' ');
    expect(advice).toMatch(/Format Cells → Text/);
    expect(advice).toMatch(/CSV UTF-8/);
    expect(advice).toMatch(/cannot be repaired from this file/);
    expect(confirmBlocked(german)).toBe(false);
  });
  it('keeps Confirm enabled for some damaged EANs and blocks it only when none is usable', () => {
    const some = { ...clean, rowsRead: 200, usableEans: 198, damagedEans: 2, damagedByProblem: { too_short: 2 }, damagedExamined: 2 };
    expect(damageLevel(some)).toBe('some');
    expect(damageHeadline(some)).toBe('2 of 200 rows have a damaged EAN; they are left out, the other EANs are scanned.');
    expect(confirmBlocked(some)).toBe(false);
    const all = { ...clean, rowsRead: 3, usableEans: 0, damagedEans: 3, damagedByProblem: { scientific_notation: 3 }, damagedExamined: 3 };
    expect(damageLevel(all)).toBe('all');
    expect(damageHeadline(all)).toMatch(/^3 of 3 rows have a damaged EAN: none can be scanned/);
    expect(confirmBlocked(all)).toBe(true);
    expect(damageLevel(clean)).toBe('none');
    expect(damageAdvice(clean)).toEqual([]);
  });
  it('says when the reasons describe only the first damaged rows', () => {
    const huge = { ...german, damagedEans: 30_000, damagedExamined: 25_000, rowsRead: 31_000 };
    expect(damageReasons(huge).at(-1)).toBe('(counted over the first 25,000 damaged rows)');
  });
});
