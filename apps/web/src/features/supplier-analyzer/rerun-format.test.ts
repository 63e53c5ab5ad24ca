import { describe, expect, it } from 'vitest';
import { UNLIMITED } from '@dealradar/shared/tiers';
import { allowanceSentence, changeMarker, changesShort, changesSummary, formatThreshold } from './rerun-format.ts';

describe('re-run wording', () => {
  it('marks each changed deal', () => {
    expect(changeMarker({ kind: 'new', profitChange: null })).toEqual({ label: 'New deal', color: 'green' });
    expect(changeMarker({ kind: 'gone', profitChange: null })).toEqual({ label: 'Gone', color: 'red' });
    // Gone because of the user's own wrong-match rule.
    expect(changeMarker({ kind: 'gone', profitChange: null, goneReason: 'wrong-match' })).toEqual({
      label: 'Gone: you marked this match wrong',
      color: 'gray',
    });
    expect(changeMarker({ kind: 'moved', profitChange: 1.2 })).toEqual({ label: 'Profit +€1.20', color: 'teal' });
    expect(changeMarker({ kind: 'moved', profitChange: -2.05 })).toEqual({ label: 'Profit −€2.05', color: 'orange' });
  });

  it('sums the changes up with the threshold', () => {
    expect(changesSummary({ new: 1, gone: 2, moved: 1 }, 1)).toBe('1 new deal · 2 deals gone · 1 profit moved by more than €1.00');
    expect(changesSummary({ new: 0, gone: 1, moved: 3 }, 0.5)).toBe('0 new deals · 1 deal gone · 3 profits moved by more than €0.50');
    expect(changesSummary({ new: 0, gone: 0, moved: 0 }, 1)).toBe('No changes since the last run (profit moved by more than €1.00: none)');
    expect(changesShort({ new: 2, gone: 1, moved: 0 })).toBe('+2 new · 1 gone · 0 moved');
    expect(changesShort({ new: 0, gone: 0, moved: 0 })).toBe('No changes');
    expect(formatThreshold(0)).toBe('€0.00');
  });
  it("says what a re-run takes from the month's EAN uploads", () => {
    expect(allowanceSentence(5, { used: 10, limit: 100 })).toBe('It uses 5 of the 90 EAN uploads left this month (plan limit 100).');
    expect(allowanceSentence(250, { used: 10, limit: 100 })).toBe(
      'Your plan allows 90 more EANs this month: only the first 90 of 250 EANs are analyzed, and that uses them all.',
    );
    expect(allowanceSentence(5, { used: 100, limit: 100 })).toBe('You have no EAN uploads left this month (100 of 100 used).');
    expect(allowanceSentence(5, { used: 3, limit: UNLIMITED })).toBe('Your plan has unlimited EAN uploads; this re-run uses 5.');
    expect(allowanceSentence(5, undefined)).toBeNull();
  });
});
