import { describe, expect, it } from 'vitest';
import { MAX_CACHED_BATCH_SIZE, MAX_LISTED_PER_BATCH, nextCachedBatchSize } from './scan-engine.ts';

describe('cache-only look-up batches grow by the listings they hold', () => {
  it('doubles from the first batch up to 2,000 EANs whatever they hold', () => {
    expect(nextCachedBatchSize(250, 250)).toBe(500);
    expect(nextCachedBatchSize(1000, 1000)).toBe(2000);
  });

  it('a typical list (most EANs listed) stays near MAX_LISTED_PER_BATCH', () => {
    let size = 250;
    for (let i = 0; i < 10; i += 1) size = nextCachedBatchSize(size, Math.round(size * 0.86));
    expect(size).toBeGreaterThanOrEqual(MAX_LISTED_PER_BATCH);
    expect(size * 0.86).toBeLessThanOrEqual(MAX_LISTED_PER_BATCH + 1);
  });

  it('a list of mostly unknown codes grows to MAX_CACHED_BATCH_SIZE, and shrinks again where listings come back', () => {
    let size = 250;
    for (let i = 0; i < 12; i += 1) size = nextCachedBatchSize(size, Math.round(size * 0.008));
    expect(size).toBe(MAX_CACHED_BATCH_SIZE);
    expect(nextCachedBatchSize(size, size / 2)).toBe(2 * MAX_LISTED_PER_BATCH);
    expect(nextCachedBatchSize(size, size)).toBe(MAX_LISTED_PER_BATCH);
  });
});
