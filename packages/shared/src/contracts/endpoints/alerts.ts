import { z } from 'zod';
import { messageResponseSchema } from '../account.ts';
import {
  alertChannelsPatchSchema,
  alertChannelsSchema,
  alertDeliveriesSchema,
  alertDeliverySchema,
  alertRuleBodySchema,
  alertRulePatchSchema,
  alertRuleSchema,
  alertRulesSchema,
  scanEmailsBodySchema,
  scanEmailsSchema,
} from '../alerts.ts';
import { endpoint, idParams } from '../endpoint.ts';

const tag = 'alerts';

/** The signed unsubscribe link's query (checked by the route: a wrong or missing value answers 404). */
const unsubscribeQuery = z.object({ u: z.unknown().optional(), s: z.unknown().optional(), t: z.unknown().optional() });

/** Price-drop alerts (issue 15, docs/alerts.md): GROWTH, PRO and admins; the scan e-mail switch for every plan. */
export const alertsApi = {
  listRules: endpoint({ method: 'GET', path: '/alerts/rules', access: 'user', tag, summary: "The user's alert rules.", responses: { 200: alertRulesSchema } }),
  createRule: endpoint({
    method: 'POST',
    path: '/alerts/rules',
    access: 'user',
    tag,
    summary: 'Add an alert rule.',
    body: alertRuleBodySchema,
    responses: { 201: alertRuleSchema },
  }),
  pauseRule: endpoint({
    method: 'PATCH',
    path: '/alerts/rules/:id',
    access: 'user',
    tag,
    summary: 'Pause or resume a rule.',
    params: idParams,
    body: alertRulePatchSchema,
    responses: { 200: alertRuleSchema },
  }),
  deleteRule: endpoint({
    method: 'DELETE',
    path: '/alerts/rules/:id',
    access: 'user',
    tag,
    summary: 'Remove a rule.',
    params: idParams,
    responses: { 200: messageResponseSchema },
  }),
  testRule: endpoint({
    method: 'POST',
    path: '/alerts/rules/:id/test',
    access: 'user',
    tag,
    summary: "Send a test message on the rule's channel.",
    params: idParams,
    responses: { 202: alertDeliverySchema },
  }),
  channels: endpoint({
    method: 'GET',
    path: '/alerts/channels',
    access: 'user',
    tag,
    summary: 'E-mail and webhook channel settings.',
    responses: { 200: alertChannelsSchema },
  }),
  updateChannels: endpoint({
    method: 'PATCH',
    path: '/alerts/channels',
    access: 'user',
    tag,
    summary: 'Change the channel settings.',
    body: alertChannelsPatchSchema,
    responses: { 200: alertChannelsSchema },
  }),
  rotateWebhookSecret: endpoint({
    method: 'POST',
    path: '/alerts/channels/webhook-secret',
    access: 'user',
    tag,
    summary: 'Make a new webhook signing secret.',
    responses: { 200: alertChannelsSchema },
  }),
  scanEmails: endpoint({
    method: 'GET',
    path: '/alerts/scan-emails',
    access: 'user',
    tag,
    summary: 'Whether scan-finished e-mails are on (every plan).',
    responses: { 200: scanEmailsSchema },
  }),
  setScanEmails: endpoint({
    method: 'PUT',
    path: '/alerts/scan-emails',
    access: 'user',
    tag,
    summary: 'Switch scan-finished e-mails on or off (every plan).',
    body: scanEmailsBodySchema,
    responses: { 200: scanEmailsSchema },
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/alerts/deliveries',
    access: 'user',
    tag,
    summary: 'The latest deliveries (at most 100).',
    responses: { 200: alertDeliveriesSchema },
  }),
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/alerts/unsubscribe',
    access: 'public',
    tag,
    summary: 'The signed unsubscribe link of an e-mail: unsubscribes and answers a small page.',
    query: unsubscribeQuery,
    responses: { 200: { description: 'An HTML page saying the user is unsubscribed.', content: { 'text/html': { schema: z.string() } } } },
  }),
  unsubscribeOneClick: endpoint({
    method: 'POST',
    path: '/alerts/unsubscribe',
    access: 'public',
    tag,
    summary: 'RFC 8058 one-click unsubscribe (mail clients post List-Unsubscribe=One-Click as a form).',
    query: unsubscribeQuery,
    body: z.string().optional().describe('List-Unsubscribe=One-Click (application/x-www-form-urlencoded; not read)'),
    bodyKind: 'raw',
    responses: { 200: messageResponseSchema },
  }),
} as const;
