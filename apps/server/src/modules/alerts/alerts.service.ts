import {
  DELIVERY_LOG_LIMIT,
  MAX_ALERT_RULES,
  type AlertChannels,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleBody,
} from '@dealradar/shared/contracts/alerts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { requireAlerts } from '../plans/entitlements.ts';
import { sampleItem } from './alert-messages.ts';
import { enqueueDeliveries } from './alert-dispatch.service.ts';
import { insertDelivery, listDeliveries, type DeliveryRow } from './alert-deliveries.repository.ts';
import {
  countRules,
  deleteRule,
  findRule,
  insertRule,
  listRules,
  setRulePaused,
  updateRule,
  type AlertRuleRow,
  type NewAlertRule,
} from './alert-rules.repository.ts';
import { ensureSettings, findSettings, updateSettings } from './alert-settings.repository.ts';
import { SIGNATURE_HEADER, newWebhookSecret } from './webhook-signature.ts';
import { WebhookTargetError, checkWebhookUrl } from './webhook-target.ts';
import type { UnsubscribeScope } from './unsubscribe-token.ts';
import { isConfigured } from '../seller-account/seller-account.service.ts';

export const ONLY_SELLABLE_UNAVAILABLE =
  'This install has no Amazon application configured, so a rule cannot be limited to products you can sell (no seller account can be connected).';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'queue' | 'log'>;

/** `unsubscribed`: the user clicked the unsubscribe link of an alert e-mail (their e-mail rules send nothing). */
function toRule(row: AlertRuleRow, unsubscribed: boolean): AlertRule {
  return {
    ...row,
    minDropPercentage: Number(row.minDropPercentage),
    rearmPoints: Number(row.rearmPoints),
    emailUnsubscribed: row.channel === 'email' && unsubscribed,
    createdAt: row.createdAt.toISOString(),
  };
}

async function isUnsubscribed(deps: Deps, userId: string): Promise<boolean> {
  return ((await findSettings(deps.db, userId))?.emailUnsubscribedAt ?? null) !== null;
}

function toDelivery(row: DeliveryRow): AlertDelivery {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    kind: row.kind,
    channel: row.channel,
    ruleName: row.ruleName,
    summary: row.summary,
    dropCount: row.dropCount,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
  };
}

/** Every alert call first checks the plan on the server (requireAlerts): 403 for FREE and STARTER. */
export async function listAlertRules(deps: Deps, user: CurrentUser): Promise<AlertRule[]> {
  requireAlerts(user.role, user.subscriptionTier);
  const [rows, unsubscribed] = await Promise.all([listRules(deps.db, user.id), isUnsubscribed(deps, user.id)]);
  return rows.map((row) => toRule(row, unsubscribed));
}

/** A rule's fields from the form (POST and PUT): the webhook URL checked against the SSRF refusals, lists deduplicated. */
function ruleFields(deps: Deps, body: AlertRuleBody): NewAlertRule {
  // Without a connected account the option is allowed (it alerts nothing until one is connected); an install that can
  // never connect one refuses it.
  if (body.onlySellable && !isConfigured(deps)) throw badRequest(ONLY_SELLABLE_UNAVAILABLE);
  let webhookUrl: string | null = null;
  if (body.channel === 'webhook') {
    if (!body.webhookUrl) throw badRequest('A webhook rule needs a webhook URL.');
    try {
      webhookUrl = checkWebhookUrl(body.webhookUrl, deps.config.ALERT_WEBHOOK_ALLOW_PRIVATE).toString();
    } catch (error) {
      if (error instanceof WebhookTargetError) throw badRequest(error.message);
      throw error;
    }
  }
  return {
    name: body.name,
    brands: [...new Set(body.brands)],
    categories: [...new Set(body.categories)],
    minDropPercentage: body.minDropPercentage,
    minRoiPercentage: body.minRoiPercentage,
    minStock: body.minStock,
    roiMarkets: [...new Set(body.roiMarkets)],
    channel: body.channel,
    emailFrequency: body.channel === 'email' ? body.emailFrequency : 'instant',
    webhookUrl,
    webhookFormat: body.channel === 'webhook' ? body.webhookFormat : null,
    rearmPoints: body.rearmPoints,
    onlySellable: body.onlySellable,
  };
}

export async function createAlertRule(deps: Deps, user: CurrentUser, body: AlertRuleBody): Promise<AlertRule> {
  requireAlerts(user.role, user.subscriptionTier);
  if ((await countRules(deps.db, user.id)) >= MAX_ALERT_RULES) throw conflict(`You can keep at most ${MAX_ALERT_RULES} alert rules. Delete one first.`);
  const row = await insertRule(deps.db, user.id, ruleFields(deps, body), deps.clock.now());
  return toRule(row, await isUnsubscribed(deps, user.id));
}

/** Edit: every field, validated as when adding; paused stays as it was. */
export async function updateAlertRule(deps: Deps, user: CurrentUser, rawId: string, body: AlertRuleBody): Promise<AlertRule> {
  requireAlerts(user.role, user.subscriptionTier);
  const id = ruleId(rawId);
  const row = await updateRule(deps.db, user.id, id, ruleFields(deps, body));
  if (!row) throw notFound('Alert rule not found.');
  return toRule(row, await isUnsubscribed(deps, user.id));
}

function ruleId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Alert rule not found.');
  return id;
}

export async function pauseAlertRule(deps: Deps, user: CurrentUser, rawId: string, paused: boolean): Promise<AlertRule> {
  requireAlerts(user.role, user.subscriptionTier);
  const row = await setRulePaused(deps.db, user.id, ruleId(rawId), paused);
  if (!row) throw notFound('Alert rule not found.');
  return toRule(row, await isUnsubscribed(deps, user.id));
}

export async function deleteAlertRule(deps: Deps, user: CurrentUser, rawId: string): Promise<{ message: string }> {
  requireAlerts(user.role, user.subscriptionTier);
  if (!(await deleteRule(deps.db, user.id, ruleId(rawId)))) throw notFound('Alert rule not found.');
  return { message: 'Alert rule deleted.' };
}

export async function getAlertChannels(deps: Deps, user: CurrentUser): Promise<AlertChannels> {
  requireAlerts(user.role, user.subscriptionTier);
  return channelsOf(deps, user);
}

async function channelsOf(deps: Deps, user: CurrentUser): Promise<AlertChannels> {
  const settings = await ensureSettings(deps.db, user.id, newWebhookSecret);
  return {
    email: user.email,
    emailUnsubscribed: settings.emailUnsubscribedAt !== null,
    scanFinishedEmail: settings.scanFinishedEmail,
    webhookSecret: settings.webhookSecret,
    signatureHeader: SIGNATURE_HEADER,
  };
}

/** Re-subscribes alert e-mails or switches scan-finished e-mails (Settings); rotating the secret is its own call. */
export async function updateAlertChannels(
  deps: Deps,
  user: CurrentUser,
  patch: { emailUnsubscribed?: boolean; scanFinishedEmail?: boolean },
): Promise<AlertChannels> {
  // The scan-finished opt-out is not a paid feature: every user may switch it.
  if (patch.emailUnsubscribed !== undefined) requireAlerts(user.role, user.subscriptionTier);
  await ensureSettings(deps.db, user.id, newWebhookSecret);
  await updateSettings(deps.db, user.id, {
    emailUnsubscribedAt: patch.emailUnsubscribed === undefined ? undefined : patch.emailUnsubscribed ? deps.clock.now() : null,
    scanFinishedEmail: patch.scanFinishedEmail,
  });
  return channelsOf(deps, user);
}

/** Settings → "E-mail me when a long scan finishes": every plan (scans are not an alert feature). */
export async function getScanEmails(deps: Deps, user: CurrentUser): Promise<{ scanFinishedEmail: boolean }> {
  return { scanFinishedEmail: (await ensureSettings(deps.db, user.id, newWebhookSecret)).scanFinishedEmail };
}

export async function setScanEmails(deps: Deps, user: CurrentUser, on: boolean): Promise<{ scanFinishedEmail: boolean }> {
  await ensureSettings(deps.db, user.id, newWebhookSecret);
  await updateSettings(deps.db, user.id, { scanFinishedEmail: on });
  return getScanEmails(deps, user);
}

export async function rotateWebhookSecret(deps: Deps, user: CurrentUser): Promise<AlertChannels> {
  requireAlerts(user.role, user.subscriptionTier);
  await ensureSettings(deps.db, user.id, newWebhookSecret);
  await updateSettings(deps.db, user.id, { webhookSecret: newWebhookSecret() });
  return getAlertChannels(deps, user);
}

export async function listAlertDeliveries(deps: Deps, user: CurrentUser): Promise<AlertDelivery[]> {
  requireAlerts(user.role, user.subscriptionTier);
  return (await listDeliveries(deps.db, user.id, DELIVERY_LOG_LIMIT)).map(toDelivery);
}

/** "Send a test message": one sample drop through the rule's channel, as a logged delivery with the same retries. */
export async function sendTestMessage(deps: Deps, user: CurrentUser, rawId: string): Promise<AlertDelivery> {
  requireAlerts(user.role, user.subscriptionTier);
  const rule = await findRule(deps.db, user.id, ruleId(rawId));
  if (!rule) throw notFound('Alert rule not found.');
  const row = await insertDelivery(
    deps.db,
    {
      userId: user.id,
      ruleId: rule.id,
      ruleName: rule.name,
      kind: 'test',
      channel: rule.channel,
      target: rule.webhookUrl,
      webhookFormat: rule.webhookFormat,
      summary: `Test message for "${rule.name}"`,
      dropCount: 1,
      items: [sampleItem()],
    },
    deps.clock.now(),
  );
  await enqueueDeliveries(deps, [row.id]);
  return toDelivery(row);
}

/** The signed link: unsubscribes alert e-mails or scan-finished e-mails without a login. */
export async function unsubscribe(deps: Deps, userId: string, scope: UnsubscribeScope): Promise<void> {
  if (!isUuid(userId)) throw notFound('Unknown subscriber.');
  await ensureSettings(deps.db, userId, newWebhookSecret).catch(() => {
    throw notFound('Unknown subscriber.');
  });
  if (scope === 'alerts') await updateSettings(deps.db, userId, { emailUnsubscribedAt: deps.clock.now() });
  else await updateSettings(deps.db, userId, { scanFinishedEmail: false });
}
