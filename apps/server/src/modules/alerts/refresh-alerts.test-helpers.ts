import type { AppDeps } from '../../deps.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { refreshPrices, type RefreshDeps, type RefreshOptions } from '../price-drops/price-refresh.service.ts';
import { queueAlertsAfterRefresh } from './alert-dispatch.service.ts';

/**
 * A price refresh, then what its announcement sets off in the alerts: the work of the alerts-after-refresh job, done
 * here at once (for tests without a job queue, where nothing runs in the background).
 */
export async function refreshAndAlert(deps: RefreshDeps, options: RefreshOptions) {
  const refresh = await refreshPrices(deps, options);
  const alerts = await queueAlertsAfterRefresh(deps, refresh.runId, refresh.detectedAt);
  return { ...refresh, alerts };
}

/** With a job queue and its workers: waits until the alerts of refresh `runId` have been matched and queued. */
export async function alertsOfRefreshDone(deps: Pick<AppDeps, 'db'>, runId: number): Promise<void> {
  await waitFor(
    async () => {
      const row = await deps.db.maybeOne<{ state: string }>(
        `select state from pgboss.job where name = 'alerts-after-refresh' and (data->>'runId')::bigint = $1 order by created_on desc limit 1`,
        [runId],
      );
      return row?.state === 'completed';
    },
    20_000,
    `the alerts of refresh ${runId}`,
  );
}
