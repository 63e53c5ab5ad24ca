import { describe, expect, it } from 'vitest';
import { KeySet } from './key-set.ts';

describe('KeySet', () => {
  it('holds what was added and nothing else, across growth', () => {
    const set = new KeySet();
    const keys: number[] = [];
    // 13- and 14-digit keys (EANs, GTIN-14), keys that differ only in their high or low 32 bits, small keys, 0.
    for (let k = 0; k < 50_000; k += 1) keys.push(4_006_381_333_931 + k * 7, 10_000_000_000_000 + k * 4_294_967_296, k);
    for (const key of keys) set.add(key);
    for (const key of keys) set.add(key);
    expect(set.size).toBe(new Set(keys).size);
    for (const key of keys) expect(set.has(key)).toBe(true);
    expect(set.has(4_006_381_333_932)).toBe(false);
    expect(set.has(99_999_999_999_999)).toBe(false);
    expect(set.has(10_000_000_000_001)).toBe(false);
  });

  it('counts 0 once and refuses what is not a key', () => {
    const set = new KeySet();
    expect(set.has(0)).toBe(false);
    set.add(0);
    set.add(0);
    expect([set.has(0), set.size]).toEqual([true, 1]);
    expect(() => set.add(-1)).toThrow(RangeError);
    expect(() => set.add(1.5)).toThrow(RangeError);
  });
});
