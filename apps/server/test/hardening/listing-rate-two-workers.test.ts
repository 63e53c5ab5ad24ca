import { describe, expect, it } from 'vitest';
import { AMAZON_BURST, AMAZON_RATE, measureListingRate } from '../../../../bench/listing-rate.ts';

/**
 * Amazon's listing-restrictions rate is kept by every process together, against a look-alike that enforces Amazon's
 * limit itself (5 per second, burst 10; 429 when its bucket is empty), with two worker processes on one PostgreSQL.
 * PostgreSQL only: the embedded database has one process. `npm run bench:listing-checks` runs the scan with about
 * 1,000 deals.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('listing checks across two worker processes', () => {
  it("a supplier scan's completion queues its deals' checks, and each gets Amazon's answer within the rate", async () => {
    const r = await measureListingRate({ source: { scan: { eans: 45 } }, workers: 2, serverUrl: process.env.TEST_DATABASE_URL! });
    // A 0,10 € price makes most listed EANs deals; every one of them is asked once and answered as Amazon said.
    expect(r.deals).toBeGreaterThan(25);
    expect(r.checks).toBe(r.deals);
    expect(r.calls - r.throttled).toBe(r.checks);
    expect(r.answers).toEqual(r.expectedAnswers);
    expect(r.mostIn1s).toBeLessThanOrEqual(AMAZON_BURST + AMAZON_RATE);
    expect(r.mostIn10s).toBeLessThanOrEqual(AMAZON_BURST + 10 * AMAZON_RATE);
  }, 240_000);

  it('stays within 5 calls per second (burst 10) when both processes drain one queue at once, and every deal gets its answer', async () => {
    const deals = 70;
    const r = await measureListingRate({ source: { queued: { deals } }, workers: 2, serverUrl: process.env.TEST_DATABASE_URL! });
    // Both processes asked Amazon; none went past the seller's bucket.
    expect(r.perProcess).toHaveLength(2);
    expect(Math.min(...r.perProcess)).toBeGreaterThan(5);
    expect(r.mostIn1s).toBeLessThanOrEqual(AMAZON_BURST + AMAZON_RATE);
    expect(r.mostIn10s).toBeLessThanOrEqual(AMAZON_BURST + 10 * AMAZON_RATE);
    // 70 calls at 5 per second after a burst of 10 take about 12 s: the rate, not the processes, set the pace.
    expect(r.seconds).toBeGreaterThan((deals - AMAZON_BURST) / AMAZON_RATE - 1.5);
    // A 429 from clock jitter between the processes and Amazon is backed off and asked again, never lost.
    expect(r.throttled).toBeLessThanOrEqual(3);
    expect(r.answers).toEqual(r.expectedAnswers);
    expect(Object.keys(r.answers).sort()).toEqual(['APPROVAL_REQUIRED', 'CAN_SELL', 'NOT_ELIGIBLE']);
  }, 240_000);
});
