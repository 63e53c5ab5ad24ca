import { SCAN_FINISHED_MIN_SECONDS } from '@dealradar/shared/contracts/alerts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { enqueueMany } from '../../jobs/define-job.ts';
import { allowsAlerts, NO_ALERT_TIERS } from '../plans/entitlements.ts';
import {
  alertEmail,
  brandScanFinishedMessage,
  scanFinishedEmail,
  scanFinishedMessage,
  webhookBody,
  type AlertContent,
  type AlertItem,
  type RegionFx,
  type ScanFinishedItem,
} from './alert-messages.ts';
import { regionCurrency } from '@dealradar/shared/regions';
import { createDigests, createDropDeliveries, createScanFinishedDeliveries, findDelivery, recordAttempt } from './alert-deliveries.repository.ts';
import { pauseRulesOutsidePlan, purgeAlertState } from './alert-rules.repository.ts';
import { ensureSettings } from './alert-settings.repository.ts';
import { listScansEndedSince } from '../scans/scans.service.ts';
import { listEndedBrandScans } from '../brand-analyzer/brand-scan.service.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { unsubscribeUrl } from './unsubscribe-token.ts';
import { postWebhook } from './webhook-sender.ts';
import { WebhookTargetError } from './webhook-target.ts';
import { alertDeliveries } from '../../lib/metrics.ts';

/**
 * From drops to messages: after every refresh the deliveries are computed set-wise in the database and queued as
 * durable jobs (pg-boss, retries with exponential back-off); a job sends one delivery and records the outcome.
 */

/** The delivery job's queue and payload (the job itself, with its options, is declared in alerts.jobs.ts). */
export const ALERT_DELIVERY = { name: 'alert-delivery', payload: z.object({ deliveryId: z.number().int() }) };
/** Drops listed in one message; the rest are counted ("…and N more"). */
export const MAX_ITEMS_PER_MESSAGE = 50;
const ENQUEUE_BATCH = 1000;

type DispatchDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'queue' | 'log'>;

/** Queues one job per delivery (in batches). Without a job queue in this process the deliveries wait in the log as queued. */
export async function enqueueDeliveries(deps: Pick<AppDeps, 'queue'>, ids: number[]): Promise<void> {
  if (!deps.queue || ids.length === 0) return;
  for (let i = 0; i < ids.length; i += ENQUEUE_BATCH) {
    await enqueueMany(
      deps.queue,
      ALERT_DELIVERY,
      ids.slice(i, i + ENQUEUE_BATCH).map((id) => ({ deliveryId: id })),
    );
  }
}

export interface AfterRefreshResult {
  deliveries: number;
  pausedRules: number;
  seconds: number;
}

/**
 * Runs at the end of every successful refresh (`now` is the refresh's comparison time, the drops' detected_at):
 * pauses the rules of plans that ended, creates the deliveries and queues those sent at once.
 */
export async function queueAlertsAfterRefresh(deps: DispatchDeps, runId: number | null, now: Date): Promise<AfterRefreshResult> {
  const t0 = performance.now();
  const pausedRules = await pauseRulesOutsidePlan(deps.db, NO_ALERT_TIERS);
  const queued = await createDropDeliveries(deps.db, { now, runId, excludedTiers: NO_ALERT_TIERS, maxItems: MAX_ITEMS_PER_MESSAGE });
  await enqueueDeliveries(
    deps,
    queued.map((d) => d.id),
  );
  const result = { deliveries: queued.length, pausedRules, seconds: (performance.now() - t0) / 1000 };
  if (result.deliveries > 0 || pausedRules > 0) deps.log.info({ ...result, runId }, 'price-drop alerts queued');
  return result;
}

/** Hourly and daily digests: one e-mail per user with everything that waited. */
export async function sendDigests(deps: DispatchDeps, frequency: 'hourly' | 'daily'): Promise<number> {
  const digests = await createDigests(deps.db, frequency, deps.clock.now(), MAX_ITEMS_PER_MESSAGE);
  await enqueueDeliveries(
    deps,
    digests.map((d) => d.id),
  );
  // Off the refresh's path: the alert state of ended drops and deleted rules goes.
  if (frequency === 'hourly') await purgeAlertState(deps.db);
  return digests.length;
}

/** How far back the sweep looks for ended scans (it runs every minute; a longer outage skips older scans). */
const SCAN_SWEEP_WINDOW_MS = 15 * 60_000;

/** Every minute: e-mails the owners of scans that ended and ran over 2 minutes (each scan once). */
export async function queueScanFinishedMessages(deps: DispatchDeps): Promise<number> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - SCAN_SWEEP_WINDOW_MS);
  const scans = await listScansEndedSince(deps.db, since, SCAN_FINISHED_MIN_SECONDS);
  const brandScans = await listEndedBrandScans(deps.db, since, SCAN_FINISHED_MIN_SECONDS);
  const messages = [...scans.map(scanFinishedMessage), ...brandScans.map(brandScanFinishedMessage)];
  const created = await createScanFinishedDeliveries(deps.db, messages, now);
  await enqueueDeliveries(
    deps,
    created.map((d) => d.id),
  );
  return created.length;
}

/** The user's region currency with its EUR rate and day, when it is not the euro; null otherwise or without a rate. */
async function regionFxOf(deps: Pick<AppDeps, 'marketData'>, primaryCountry: string | null): Promise<RegionFx | null> {
  const { currency } = regionCurrency(primaryCountry);
  if (currency === 'EUR') return null;
  try {
    const fx = await deps.marketData.fxRate('EUR', currency);
    return { currency, rate: fx.rate, date: fx.date };
  } catch {
    return null;
  }
}

/** A failure that no retry can fix (the plan ended, the target is refused): the delivery fails at once. */
export class PermanentDeliveryError extends Error {}

/**
 * Sends one delivery. `lastAttempt`: a failure now marks it failed (otherwise 'retrying' and the error is rethrown so
 * the queue retries with back-off). Sent or failed deliveries are not sent again (a job that ran twice).
 */
export async function deliverOne(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'jwtSecret' | 'marketData'>,
  deliveryId: number,
  options: { lastAttempt: boolean },
): Promise<'sent' | 'failed' | 'skipped'> {
  const delivery = await findDelivery(deps.db, deliveryId);
  if (!delivery || delivery.status === 'sent' || delivery.status === 'failed' || delivery.status === 'digested') return 'skipped';
  try {
    if (!delivery.active) throw new PermanentDeliveryError('Not sent: the account is deactivated.');
    if (delivery.kind === 'scan') {
      // Scan messages belong to every plan; only the user's opt-out stops them.
      const settings = await ensureSettings(deps.db, delivery.userId, newWebhookSecret);
      if (!settings.scanFinishedEmail) throw new PermanentDeliveryError('Not sent: you switched scan-finished e-mails off.');
      const link = unsubscribeUrl(deps.config.APP_URL, deps.jwtSecret, delivery.userId, 'scans');
      await deps.mailer.send(
        scanFinishedEmail(delivery.email, delivery.username, delivery.summary, delivery.items[0] as ScanFinishedItem, deps.config.APP_URL, link),
      );
      await recordAttempt(deps.db, deliveryId, { status: 'sent', error: null, now: deps.clock.now() });
      alertDeliveries.inc({ channel: delivery.channel, outcome: 'sent' });
      return 'sent';
    }
    if (!allowsAlerts(delivery.role, delivery.tier)) throw new PermanentDeliveryError('Not sent: your plan no longer includes alerts.');
    const content: AlertContent = {
      kind: delivery.kind,
      summary: delivery.summary,
      ruleName: delivery.ruleName,
      dropCount: delivery.dropCount,
      items: delivery.items as AlertItem[],
      appUrl: deps.config.APP_URL,
      // The money rule (docs/money.md): a UK user's pounds beside the drops' EUR prices, at the day's rate.
      regionFx: await regionFxOf(deps, delivery.primaryCountry),
    };
    const settings = await ensureSettings(deps.db, delivery.userId, newWebhookSecret);
    if (delivery.channel === 'email') {
      if (settings.emailUnsubscribedAt && delivery.kind !== 'test') throw new PermanentDeliveryError('Not sent: you unsubscribed from alert e-mails.');
      const link = unsubscribeUrl(deps.config.APP_URL, deps.jwtSecret, delivery.userId, 'alerts');
      await deps.mailer.send(alertEmail(delivery.email, content, link));
    } else {
      if (!delivery.target) throw new PermanentDeliveryError('Not sent: the rule has no webhook URL.');
      const now = deps.clock.now();
      try {
        await postWebhook({
          url: delivery.target,
          body: webhookBody(delivery.webhookFormat ?? 'generic', content, now),
          secret: settings.webhookSecret,
          nowSeconds: Math.floor(now.getTime() / 1000),
          allowPrivate: deps.config.ALERT_WEBHOOK_ALLOW_PRIVATE,
        });
      } catch (error) {
        if (error instanceof WebhookTargetError) throw new PermanentDeliveryError(error.message);
        throw error;
      }
    }
    await recordAttempt(deps.db, deliveryId, { status: 'sent', error: null, now: deps.clock.now() });
    alertDeliveries.inc({ channel: delivery.channel, outcome: 'sent' });
    return 'sent';
  } catch (error) {
    const message = (error as Error).message || 'The message could not be sent.';
    const permanent = error instanceof PermanentDeliveryError;
    const outcome = permanent || options.lastAttempt ? 'failed' : 'retrying';
    await recordAttempt(deps.db, deliveryId, { status: outcome, error: message, now: deps.clock.now() });
    alertDeliveries.inc({ channel: delivery.channel, outcome });
    if (permanent || options.lastAttempt) return 'failed';
    throw error;
  }
}
