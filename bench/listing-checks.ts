/**
 * npm run bench:listing-checks — Amazon's listing-restrictions rate (5 requests per second, burst 10, per seller) kept
 * by two worker processes together on one PostgreSQL while they check the deals of a 1,000-deal scan, against the
 * SP-API look-alike enforcing Amazon's own limit (bench/listing-rate.ts). Prints what the look-alike saw and fails when
 * any 10 s window holds more than Amazon allows (burst + 10 × rate) or a deal is left without an answer.
 * BENCH_LISTING_DEALS overrides the 1,000; BENCH_DATABASE_URL the PostgreSQL server.
 */
import { BENCH_PG_URL, isPostgresReachable } from './drops-db.ts';
import { AMAZON_BURST, AMAZON_RATE, measureListingRate } from './listing-rate.ts';

const DEALS = Number(process.env.BENCH_LISTING_DEALS ?? 1000);
const WORKERS = 2;

if (!(await isPostgresReachable())) {
  console.log('listing-checks: no PostgreSQL at BENCH_DATABASE_URL (several processes need one); skipped.');
  process.exit(0);
}
const r = await measureListingRate({ deals: DEALS, workers: WORKERS, serverUrl: BENCH_PG_URL });
const answered = Object.values(r.answers).reduce((sum, n) => sum + n, 0);
console.log(`listing-checks: ${DEALS} deals, ${WORKERS} worker processes on PostgreSQL, Amazon's limit ${AMAZON_RATE}/s burst ${AMAZON_BURST}`);
console.log(`  calls Amazon saw      ${r.calls} (${r.perProcess.join(' + ')} by ${r.perProcess.length} processes), 429s: ${r.throttled}`);
console.log(
  `  answers stored        ${Object.entries(r.answers)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')}`,
);
console.log(`  most calls in 1 s     ${r.mostIn1s} (Amazon allows ${AMAZON_BURST + AMAZON_RATE} with a full bucket)`);
console.log(`  most calls in 10 s    ${r.mostIn10s} = ${(r.mostIn10s / 10).toFixed(2)}/s (allows ${AMAZON_BURST + 10 * AMAZON_RATE})`);
console.log(`  average               ${(r.calls / r.seconds).toFixed(2)}/s over ${r.seconds.toFixed(1)} s`);
console.log(`  sustained (no burst)  ${((r.calls - AMAZON_BURST) / r.seconds).toFixed(2)}/s (Amazon's rate: ${AMAZON_RATE}/s)`);
const failed = r.mostIn10s > AMAZON_BURST + 10 * AMAZON_RATE || answered !== DEALS;
if (failed) console.log("  FAILED: above Amazon's rate, or not every deal has an answer");
process.exit(failed ? 1 : 0);
