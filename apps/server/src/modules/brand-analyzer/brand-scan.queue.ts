/** The pg-boss queue brand scans run on; the job's data is `{ scanId }`. */
export const BRAND_SCAN_QUEUE = 'brand-scan';

/**
 * pg-boss neither retries a brand scan nor watches its heartbeat: the scan row is the durable record (claim,
 * heartbeat, cursor, attempts; jobs/durable-run.ts), which retries failed attempts and resumes scans whose worker died.
 * An installation whose queue still has the former retries and heartbeat is brought to these options at start.
 */
export const BRAND_SCAN_QUEUE_OPTIONS = {
  retryLimit: 0,
  expireInSeconds: 6 * 60 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
};
