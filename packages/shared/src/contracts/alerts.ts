import { z } from 'zod';
import { DROP_CATEGORIES } from '../drops.ts';
import { MAX_LENGTH } from '../input-limits.ts';
import { MARKETS } from '../markets.ts';
import { jsonBody } from './account.ts';

/** Price-drop alert rules, channels and the delivery log. */

/** The markets whose ROI the refresh computes for drops (the European Amazon markets). */
export const ALERT_ROI_MARKETS = MARKETS.filter((m) => m.region === 'Europe').map((m) => m.id);
export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export const EMAIL_FREQUENCIES = ['instant', 'hourly', 'daily'] as const;
export const WEBHOOK_FORMATS = ['generic', 'discord', 'slack'] as const;
export const DELIVERY_STATUSES = ['queued', 'retrying', 'sent', 'failed', 'digest', 'digested'] as const;
export const DELIVERY_KINDS = ['drops', 'digest', 'test', 'scan'] as const;

/** Default re-arm: a drop alerted once alerts again when it got better by this many percentage points. */
export const DEFAULT_REARM_POINTS = 5;
/** Rules per user. */
export const MAX_ALERT_RULES = 50;
/** The delivery log shows the last this many. */
export const DELIVERY_LOG_LIMIT = 100;
/** A scan that ran at least this long e-mails its owner when it ends. */
export const SCAN_FINISHED_MIN_SECONDS = 120;

export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

const percentField = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} can be at most ${max}.`);

export const alertRuleBodySchema = jsonBody({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100, 'The name is too long (at most 100 characters).'),
  brands: z.array(z.string().trim().min(1).max(MAX_LENGTH.brand), { error: 'Brands must be a list.' }).max(200, 'At most 200 brands per rule.').default([]),
  categories: z.array(z.enum(DROP_CATEGORIES, { error: 'Unknown drop category.' })).default([]),
  minDropPercentage: percentField('The minimum drop', 100).default(0),
  minRoiPercentage: z
    .number({ error: 'The minimum ROI must be a number.' })
    .min(-100, 'The minimum ROI is too low.')
    .max(10000, 'The minimum ROI is too high.')
    .nullable()
    .default(null),
  minStock: z
    .number({ error: 'The minimum stock must be a number.' })
    .int('The minimum stock must be a whole number.')
    .min(0, 'The minimum stock cannot be negative.')
    .nullable()
    .default(null),
  roiMarkets: z.array(z.enum(ALERT_ROI_MARKETS as [string, ...string[]], { error: 'ROI markets must be among DE, UK, FR, IT, ES.' })).default([]),
  channel: z.enum(ALERT_CHANNELS, { error: 'The channel must be email or webhook.' }),
  emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: 'The e-mail frequency must be instant, hourly or daily.' }).default('instant'),
  webhookUrl: z.string().trim().max(2000, 'The webhook URL is too long.').nullable().default(null),
  webhookFormat: z.enum(WEBHOOK_FORMATS, { error: 'The webhook format must be generic, discord or slack.' }).default('generic'),
  rearmPoints: percentField('The re-arm step', 100).default(DEFAULT_REARM_POINTS),
  /**
   * Only products I can sell: a drop alerts only when Amazon answered Can sell for the organization's connected seller
   * account, for the drop's listing in a market of the rule (its ROI markets, at the minimum ROI). Without a connected
   * account such a rule alerts nothing until one is connected (docs/seller-account.md).
   */
  onlySellable: z.boolean({ error: 'onlySellable must be true or false.' }).default(false),
});
export type AlertRuleBody = z.infer<typeof alertRuleBodySchema>;

export const alertRulePatchSchema = jsonBody({ paused: z.boolean({ error: 'paused must be true or false.' }) });

export const alertRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  brands: z.array(z.string()),
  categories: z.array(z.string()),
  minDropPercentage: z.number(),
  minRoiPercentage: z.number().nullable(),
  minStock: z.number().nullable(),
  roiMarkets: z.array(z.string()),
  channel: z.enum(ALERT_CHANNELS),
  emailFrequency: z.enum(EMAIL_FREQUENCIES),
  webhookUrl: z.string().nullable(),
  webhookFormat: z.enum(WEBHOOK_FORMATS).nullable(),
  rearmPoints: z.number(),
  onlySellable: z.boolean(),
  paused: z.boolean(),
  /** 'plan' when the plan ended (the user resumes after upgrading), 'user' when paused by hand. */
  pausedReason: z.enum(['user', 'plan']).nullable(),
  /**
   * An e-mail rule of a user who clicked the unsubscribe link of an alert e-mail: nothing is sent until alert e-mails
   * are switched back on (PATCH /alerts/channels { emailUnsubscribed: false }). Always false for webhook rules.
   */
  emailUnsubscribed: z.boolean(),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertChannelsSchema = z.object({
  email: z.string(),
  /** Set when the user clicked the unsubscribe link of an alert e-mail: e-mail alerts are not sent. */
  emailUnsubscribed: z.boolean(),
  scanFinishedEmail: z.boolean(),
  webhookSecret: z.string(),
  signatureHeader: z.string(),
});
export type AlertChannels = z.infer<typeof alertChannelsSchema>;

export const alertChannelsPatchSchema = jsonBody({
  emailUnsubscribed: z.boolean().optional(),
  scanFinishedEmail: z.boolean().optional(),
});

export const alertDeliverySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  kind: z.enum(DELIVERY_KINDS),
  channel: z.enum(ALERT_CHANNELS),
  ruleName: z.string().nullable(),
  summary: z.string(),
  dropCount: z.number(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveriesSchema = z.array(alertDeliverySchema);
export const alertRulesSchema = z.array(alertRuleSchema);

export const scanEmailsBodySchema = jsonBody({ scanFinishedEmail: z.boolean({ error: 'scanFinishedEmail must be true or false.' }) });
export const scanEmailsSchema = z.object({ scanFinishedEmail: z.boolean() });
