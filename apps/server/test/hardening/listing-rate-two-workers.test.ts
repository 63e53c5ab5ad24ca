import { describe, expect, it } from 'vitest';
import { AMAZON_BURST, AMAZON_RATE, measureListingRate } from '../../../../bench/listing-rate.ts';

/**
 * Amazon's listing-restrictions rate is kept by every process together: two worker processes on one PostgreSQL drain
 * one seller's queue against a look-alike that enforces Amazon's limit itself. PostgreSQL only: the embedded database
 * has one process. `npm run bench:listing-checks` runs the same with 1,000 deals.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('listing checks across two worker processes', () => {
  it('stays within 5 calls per second (burst 10) together, and every deal gets its answer', async () => {
    const deals = 70;
    const r = await measureListingRate({ deals, workers: 2, serverUrl: process.env.TEST_DATABASE_URL! });
    // Both processes asked Amazon; none went past the seller's bucket.
    expect(r.perProcess).toHaveLength(2);
    expect(Math.min(...r.perProcess)).toBeGreaterThan(5);
    expect(r.mostIn1s).toBeLessThanOrEqual(AMAZON_BURST + AMAZON_RATE);
    expect(r.mostIn10s).toBeLessThanOrEqual(AMAZON_BURST + 10 * AMAZON_RATE);
    // 70 calls at 5 per second after a burst of 10 take about 12 s: the rate, not the processes, set the pace.
    expect(r.seconds).toBeGreaterThan((deals - AMAZON_BURST) / AMAZON_RATE - 1.5);
    // A 429 from clock jitter between the processes and Amazon is backed off and asked again, never lost.
    expect(r.throttled).toBeLessThanOrEqual(3);
    expect(r.answers).toEqual({ APPROVAL_REQUIRED: 10, CAN_SELL: 55, NOT_ELIGIBLE: 5 });
  }, 240_000);
});
