import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { cleanupUnusedUploads } from './uploads.service.ts';

/** Removes uploads (and their files) no scan started from and nobody used for an hour. */
export const uploadsCleanupJob = defineJob({
  name: 'uploads-cleanup',
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 0 },
  schedule: [{ cron: '*/10 * * * *' }],
  handler: async (deps) => {
    await cleanupUnusedUploads(deps);
  },
});

export const UPLOAD_JOBS = [uploadsCleanupJob];
