/**
 * npm run bench:listing-checks — Amazon's listing-restrictions rate (5 requests per second, burst 10, per seller) kept
 * while the deals of a real supplier scan of about 1,000 deals are checked, with two worker processes on one
 * PostgreSQL (bench/listing-rate.ts, source `scan`): a member of an organization whose seller account is connected to
 * Amazon.de starts a scan of the first 1,350 demo-catalogue EANs at 0,10 € each (through the scans service); a worker
 * process runs it (MARKET_DATA=demo); its completion queues the checks of its deals and sends one job (scan-engine
 * finishScan → afterSupplierScan); the process that takes the job asks the SP-API look-alike, which enforces Amazon's
 * own limit. Prints the scan's deals, what the look-alike saw (per process, 429s, most calls in any 1 s and 10 s,
 * average and sustained rate), the answers stored, the time from the scan's completion to the last answer and the
 * machine's load average; fails when a 1 s or 10 s window holds more than Amazon allows (burst + rate,
 * burst + 10 × rate), when the scan has fewer than 1,000 deals (default size only) or when an answer is missing or not
 * the look-alike's. BENCH_LISTING_EANS overrides the 1,350 EANs; BENCH_DATABASE_URL the PostgreSQL server.
 */
import os from 'node:os';
import { BENCH_PG_URL, isPostgresReachable } from './drops-db.ts';
import { AMAZON_BURST, AMAZON_RATE, measureListingRate } from './listing-rate.ts';

const EANS = Number(process.env.BENCH_LISTING_EANS ?? 1350);
const WORKERS = 2;

if (!(await isPostgresReachable())) {
  console.log('listing-checks: no PostgreSQL at BENCH_DATABASE_URL (several processes need one); skipped.');
  process.exit(0);
}
const r = await measureListingRate({ source: { scan: { eans: EANS } }, workers: WORKERS, serverUrl: BENCH_PG_URL });
const answered = Object.values(r.answers).reduce((sum, n) => sum + n, 0);
const statuses = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
console.log(
  `listing-checks: a supplier scan of ${r.eans} EANs, ${WORKERS} worker processes on PostgreSQL, Amazon's limit ${AMAZON_RATE}/s burst ${AMAZON_BURST}`,
);
console.log(
  `  scan                  ${r.deals} deals (scan_results where is_deal) in ${r.scanSeconds.toFixed(1)} s; ${r.checks} ASIN × market checks queued at its completion`,
);
// The scan's completion sends one job for the organization: the process that takes it makes the calls.
const byProcess =
  r.perProcess.length === 1 ? 'all by one process, the one that took the job' : `${r.perProcess.join(' + ')} by ${r.perProcess.length} processes`;
console.log(`  calls Amazon saw      ${r.calls} (${byProcess}), 429s: ${r.throttled}`);
console.log(`  answers stored        ${statuses(r.answers)} (the look-alike's rule: ${statuses(r.expectedAnswers)})`);
console.log(`  most calls in 1 s     ${r.mostIn1s} (Amazon allows ${AMAZON_BURST + AMAZON_RATE} with a full bucket)`);
console.log(`  most calls in 10 s    ${r.mostIn10s} = ${(r.mostIn10s / 10).toFixed(2)}/s (allows ${AMAZON_BURST + 10 * AMAZON_RATE})`);
console.log(`  average               ${(r.calls / r.seconds).toFixed(2)}/s over ${r.seconds.toFixed(1)} s`);
console.log(`  sustained (no burst)  ${((r.calls - AMAZON_BURST) / r.seconds).toFixed(2)}/s (Amazon's rate: ${AMAZON_RATE}/s)`);
console.log(`  completion → last answer ${r.drainSeconds.toFixed(1)} s`);
console.log(
  `  load average (1 min)  ${r.load.start.toFixed(2)} at the start, ${r.load.peak.toFixed(2)} at most, ${r.load.end.toFixed(2)} at the end; ${os.cpus().length} cores`,
);
const failed =
  r.mostIn1s > AMAZON_BURST + AMAZON_RATE ||
  r.mostIn10s > AMAZON_BURST + 10 * AMAZON_RATE ||
  (process.env.BENCH_LISTING_EANS === undefined && r.deals < 1000) ||
  answered !== r.checks ||
  statuses(r.answers) !== statuses(r.expectedAnswers);
if (failed) console.log("  FAILED: above Amazon's rate, fewer than 1,000 deals, or not every deal has its answer");
process.exit(failed ? 1 : 0);
