import type { FastifyInstance } from 'fastify';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';
import { escapeHtml } from '../../lib/mail/render.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import {
  createAlertRule,
  deleteAlertRule,
  getAlertChannels,
  getScanEmails,
  setScanEmails,
  listAlertDeliveries,
  listAlertRules,
  pauseAlertRule,
  rotateWebhookSecret,
  sendTestMessage,
  unsubscribe,
  updateAlertChannels,
} from './alerts.service.ts';
import { verifyUnsubscribe } from './unsubscribe-token.ts';

/**
 * Price-drop alerts (issue 15). Every call but the unsubscribe link needs a user on GROWTH or PRO (or an admin):
 * FREE and STARTER get 403.
 *   GET/POST /alerts/rules, PATCH/DELETE /alerts/rules/:id, POST /alerts/rules/:id/test,
 *   GET/PATCH /alerts/channels, POST /alerts/channels/webhook-secret, GET /alerts/deliveries,
 *   GET/PUT /alerts/scan-emails (every plan: the scan-finished opt-out of Settings),
 *   GET and POST /alerts/unsubscribe?u&s&t (signed link, no login; POST is RFC 8058 one-click).
 */
export function registerAlertsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(alertsApi.listRules, (request) => listAlertRules(deps, userOf(request)));
  route(alertsApi.createRule, async (request, reply) => reply.status(201).send(await createAlertRule(deps, userOf(request), request.body)));
  route(alertsApi.pauseRule, (request) => pauseAlertRule(deps, userOf(request), request.params.id, request.body.paused));
  route(alertsApi.deleteRule, (request) => deleteAlertRule(deps, userOf(request), request.params.id));
  route(alertsApi.testRule, async (request, reply) => reply.status(202).send(await sendTestMessage(deps, userOf(request), request.params.id)));
  route(alertsApi.channels, (request) => getAlertChannels(deps, userOf(request)));
  route(alertsApi.updateChannels, (request) => updateAlertChannels(deps, userOf(request), request.body));
  route(alertsApi.rotateWebhookSecret, (request) => rotateWebhookSecret(deps, userOf(request)));
  // Scan-finished e-mails: every plan may switch them (Settings).
  route(alertsApi.scanEmails, (request) => getScanEmails(deps, userOf(request)));
  route(alertsApi.setScanEmails, (request) => setScanEmails(deps, userOf(request), request.body.scanFinishedEmail));
  route(alertsApi.deliveries, (request) => listAlertDeliveries(deps, userOf(request)));

  type UnsubscribeQuery = { Querystring: { u?: string; s?: string; t?: string } };
  const check = async (query: UnsubscribeQuery['Querystring']) => {
    if (!verifyUnsubscribe(deps.jwtSecret, query.u, query.s, query.t)) throw notFound('This unsubscribe link is not valid.');
    await unsubscribe(deps, query.u!, query.s as 'alerts' | 'scans');
    return query.s === 'alerts' ? 'price-drop alert e-mails' : 'scan-finished e-mails';
  };
  // One click in the e-mail: unsubscribes at once and says so on a small page.
  route(alertsApi.unsubscribePage, async (request, reply) => {
    const what = await check(request.query as UnsubscribeQuery['Querystring']);
    const settings = `${deps.config.APP_URL}/qogita-price-alerts/alerts`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Unsubscribed</title></head><body style="font-family:Arial,sans-serif;max-width:560px;margin:48px auto;padding:0 16px">` +
          `<h1>You are unsubscribed</h1><p>You will not receive ${escapeHtml(what)} any more.</p>` +
          `<p>To receive them again, switch them back on under <a href="${escapeHtml(settings)}">Price Alerts → Alert rules</a>.</p></body></html>`,
      );
  });
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form; only this route reads form bodies.
  void api.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
    contractRoutes(scope)(alertsApi.unsubscribeOneClick, async (request) => ({
      message: `Unsubscribed from ${await check(request.query as UnsubscribeQuery['Querystring'])}.`,
    }));
  });
}
