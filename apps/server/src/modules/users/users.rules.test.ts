import { describe, expect, it } from 'vitest';
import { containsPattern, parseActiveFilter } from './users.rules.ts';

describe('users filter rules', () => {
  it('turns search text into a contains pattern with LIKE wildcards escaped', () => {
    expect(containsPattern('anna')).toBe('%anna%');
    expect(containsPattern(' 50%_off\\ ')).toBe('%50\\%\\_off\\\\%');
  });
  it('an empty search filters nothing', () => {
    expect(containsPattern(undefined)).toBeNull();
    expect(containsPattern('   ')).toBeNull();
  });
  it('reads the status filter', () => {
    expect(parseActiveFilter('true')).toBe(true);
    expect(parseActiveFilter('false')).toBe(false);
    expect(parseActiveFilter('')).toBeNull();
    expect(parseActiveFilter(undefined)).toBeNull();
  });
});
