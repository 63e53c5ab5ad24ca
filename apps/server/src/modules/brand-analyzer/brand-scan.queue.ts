/** The pg-boss queue brand scans run on; the job's data is `{ scanId }`. */
export const BRAND_SCAN_QUEUE = 'brand-scan';

export interface BrandScanJobData {
  scanId: string;
}

/**
 * Retries resume from the scan's cursor. The heartbeat lets pg-boss hand the job of a dead process to
 * another worker (PostgreSQL); at start the worker also resumes scans whose heartbeat went stale (see jobs).
 */
export const BRAND_SCAN_QUEUE_OPTIONS = {
  retryLimit: 2,
  retryDelay: 5,
  heartbeatSeconds: 30,
  expireInSeconds: 6 * 60 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
};
