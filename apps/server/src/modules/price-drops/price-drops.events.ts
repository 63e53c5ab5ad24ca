import { z } from 'zod';
import { defineEvent } from '../../jobs/define-job.ts';

/**
 * A price refresh succeeded: its run and its comparison time (the detected_at of the drops it created or improved).
 * Whoever acts on new drops (the alerts) subscribes to it; price-drops does not know who does.
 */
export const priceRefreshFinished = defineEvent({
  name: 'price-refresh.finished',
  payload: z.object({ runId: z.number().int(), detectedAt: z.iso.datetime() }),
});
