import type { FastifyInstance } from 'fastify';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';
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
  updateAlertRule,
  rotateWebhookSecret,
  sendTestMessage,
  unsubscribe,
  updateAlertChannels,
} from './alerts.service.ts';
import { verifyUnsubscribe } from './unsubscribe-token.ts';
import { renderUnsubscribedPage } from './unsubscribe-page.ts';

/**
 * Price-drop alerts. Every call but the unsubscribe link needs a user on GROWTH or PRO (or an admin):
 * FREE and STARTER get 403.
 *   GET/POST /alerts/rules, PUT/PATCH/DELETE /alerts/rules/:id, POST /alerts/rules/:id/test,
 *   GET/PATCH /alerts/channels, POST /alerts/channels/webhook-secret, GET /alerts/deliveries,
 *   GET/PUT /alerts/scan-emails (every plan: the scan-finished opt-out of Settings),
 *   GET and POST /alerts/unsubscribe?u&s&t (signed link, no login; POST is RFC 8058 one-click).
 */
export function registerAlertsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(alertsApi.listRules, (request) => listAlertRules(deps, userOf(request)));
  route(alertsApi.createRule, async (request, reply) => reply.status(201).send(await createAlertRule(deps, userOf(request), request.body)));
  route(alertsApi.updateRule, (request) => updateAlertRule(deps, userOf(request), request.params.id, request.body));
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
  // One click in the e-mail: unsubscribes at once and says so on a page in the product's look (unsubscribe-page.ts).
  route(alertsApi.unsubscribePage, async (request, reply) => {
    const query = request.query as UnsubscribeQuery['Querystring'];
    const what = await check(query);
    const page =
      query.s === 'alerts'
        ? { settingsUrl: `${deps.config.APP_URL}/qogita-price-alerts/alerts`, where: 'Price Alerts → Alert rules', button: 'Open Alert rules' }
        : { settingsUrl: `${deps.config.APP_URL}/settings`, where: 'Settings', button: 'Open Settings' };
    return reply.type('text/html; charset=utf-8').send(renderUnsubscribedPage({ what, ...page }));
  });
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form; only this route reads form bodies.
  void api.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
    contractRoutes(scope)(alertsApi.unsubscribeOneClick, async (request) => ({
      message: `Unsubscribed from ${await check(request.query as UnsubscribeQuery['Querystring'])}.`,
    }));
  });
}
