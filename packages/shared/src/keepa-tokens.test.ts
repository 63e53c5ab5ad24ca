import { describe, expect, it } from 'vitest';
import { spendVersusEstimate } from './keepa-tokens.ts';

describe('why a scan spent more or less than estimated', () => {
  it('explains "3 spent of about 0": cached entries without the buy box, or expired ones', () => {
    expect(spendVersusEstimate({ estimated: 0, spent: 3 }, false)).toMatch(/^The estimate was 0 because every EAN was in the shared cache; .*buy boxes/);
  });
  it('explains "499 spent of about 340", also while the scan runs', () => {
    const why = spendVersusEstimate({ estimated: 340, spent: 499 }, true);
    expect(why).toMatch(/^More than estimated: .*about 15 %/);
    expect(spendVersusEstimate({ estimated: 340, spent: 499 }, false)).toBe(why);
  });
  it('explains less only once the scan ended, and stays silent when the two agree', () => {
    expect(spendVersusEstimate({ estimated: 725, spent: 500 }, true)).toBeNull();
    expect(spendVersusEstimate({ estimated: 725, spent: 500 }, false)).toMatch(/^Less than estimated: codes Amazon does not know cost nothing/);
    expect(spendVersusEstimate({ estimated: 725, spent: 700 }, false)).toBeNull();
    expect(spendVersusEstimate({ estimated: 0, spent: 2 }, false)).toBeNull();
    expect(spendVersusEstimate({ estimated: null, spent: 30 }, false)).toBeNull();
  });
});
