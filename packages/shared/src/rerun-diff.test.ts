import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFIT_CHANGE_THRESHOLD, diffRuns, formatProfitChange, profitMoved, type RunDeal } from './rerun-diff.ts';

const deal = (ean: string, profit: number | null, overrides: Partial<RunDeal> = {}): RunDeal => ({
  ean,
  asin: `B0${ean}`,
  productName: `Product ${ean}`,
  brand: 'Nivea',
  estimatedProfit: profit,
  roiPercentage: profit === null ? null : profit * 10,
  ...overrides,
});

describe('profitMoved', () => {
  it.each([
    // previous, current, threshold, moved
    [5, 6.01, 1, true], // up by €1.01
    [5, 6, 1, false], // exactly the threshold: not more than it
    [2.1, 1.1, 1, false], // €1.00 down, compared in cents (no 0.9999… float noise)
    [2.1, 1.09, 1, true],
    [5, 3.5, 1, true], // down by €1.50
    [5, 5.2, 0, true], // threshold 0: any change
    [5, 5, 0, false],
    [5, 5.4, 0.5, false],
    [5, 5.51, 0.5, true],
    [null, 5, 1, false], // unknown on one side
    [5, null, 1, false],
    [5, 9, -3, true], // a negative threshold counts as 0
  ] as const)('%s → %s at threshold %s: %s', (previous, current, threshold, moved) => {
    expect(profitMoved(previous, current, threshold)).toBe(moved);
  });

  it('defaults to €1.00', () => {
    expect(DEFAULT_PROFIT_CHANGE_THRESHOLD).toBe(1);
  });
});

describe('diffRuns', () => {
  // A fixture pair: A stays, B disappears, C appears, D moves over the threshold, E moves under it, F is not checked today.
  const previous = [deal('A', 4), deal('B', 3), deal('D', 5), deal('E', 2), deal('F', 7)];
  const current = [deal('A', 4), deal('C', 2.5), deal('D', 3.2, { asin: 'B0D-today' }), deal('E', 2.8)];

  it('finds new, gone and moved deals and counts the unchanged ones', () => {
    const { changes, counts } = diffRuns(previous, current, { notChecked: new Set(['F']) });
    expect(counts).toEqual({ new: 1, gone: 1, moved: 1, unchanged: 2 });
    expect(changes).toEqual([
      {
        kind: 'new',
        ean: 'C',
        asin: 'B0C',
        productName: 'Product C',
        brand: 'Nivea',
        previousProfit: null,
        currentProfit: 2.5,
        profitChange: null,
        previousRoi: null,
        currentRoi: 25,
      },
      {
        kind: 'moved',
        ean: 'D',
        asin: 'B0D-today',
        productName: 'Product D',
        brand: 'Nivea',
        previousProfit: 5,
        currentProfit: 3.2,
        profitChange: -1.8,
        previousRoi: 50,
        currentRoi: 32,
      },
      {
        kind: 'gone',
        ean: 'B',
        asin: 'B0B',
        productName: 'Product B',
        brand: 'Nivea',
        previousProfit: 3,
        currentProfit: null,
        profitChange: null,
        previousRoi: 30,
        currentRoi: null,
      },
    ]);
  });

  it('a deal the current run could not check is gone only when it is not marked so', () => {
    const { counts, changes } = diffRuns(previous, current);
    expect(counts.gone).toBe(2);
    // gone: the larger previous profit first
    expect(changes.filter((c) => c.kind === 'gone').map((c) => c.ean)).toEqual(['F', 'B']);
  });

  it('the threshold decides what counts as moved', () => {
    expect(diffRuns(previous, current, { threshold: 0.5, notChecked: new Set(['F']) }).counts).toEqual({ new: 1, gone: 1, moved: 2, unchanged: 1 });
    expect(diffRuns(previous, current, { threshold: 5, notChecked: new Set(['F']) }).counts).toEqual({ new: 1, gone: 1, moved: 0, unchanged: 3 });
    // moved: the largest move first
    const moved = diffRuns(previous, current, { threshold: 0 }).changes.filter((c) => c.kind === 'moved');
    expect(moved.map((c) => [c.ean, c.profitChange])).toEqual([
      ['D', -1.8],
      ['E', 0.8],
    ]);
  });

  it('two identical runs have no changes; a first run against nothing is all new', () => {
    expect(diffRuns(previous, previous)).toEqual({ changes: [], counts: { new: 0, gone: 0, moved: 0, unchanged: 5 } });
    const fresh = diffRuns([], current);
    expect(fresh.counts).toEqual({ new: 4, gone: 0, moved: 0, unchanged: 0 });
    // new: the largest profit first
    expect(fresh.changes.map((c) => c.ean)).toEqual(['A', 'D', 'E', 'C']);
  });
});

describe('formatProfitChange', () => {
  it('signs the amount in euro', () => {
    expect(formatProfitChange(1.2)).toBe('+€1.20');
    expect(formatProfitChange(-2.05)).toBe('−€2.05');
    expect(formatProfitChange(0.001)).toBe('±€0.00');
  });
});
