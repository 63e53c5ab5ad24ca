import type { FastifyInstance } from 'fastify';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, unauthorized } from '../../errors/app-error.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { changePlan, createPortalSession, previewPlanChange } from './billing.service.ts';
import { handlePaddleEvent, paddleEventSchema } from './paddle-webhook.service.ts';
import { verifyPaddleSignature } from './paddle-signature.ts';
import {
  getSubscriptionStatus,
  listSubscriptionTiers,
  setTierOfOrganization,
  setTierCheckoutId,
  setTierOfUsersOrganization,
  setUsageOfUsersOrganization,
} from './plans.service.ts';

/** Plans, usage and Paddle billing. */
export function registerPlansRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(plansApi.subscriptionStatus, async (request) => {
    const user = userOf(request);
    const status = await getSubscriptionStatus(deps, user);
    // The plan may have just ended (canceled subscription): let the token refresh carry the tier answered here.
    user.subscriptionTier = status.tier;
    return status;
  });
  route(plansApi.tiers, async (request) => listSubscriptionTiers(deps, userOf(request)));
  route(plansApi.setOrganizationTier, async (request) => setTierOfOrganization(deps, userOf(request), request.params.organizationId, request.body.tier));
  route(plansApi.setUserTier, async (request) => setTierOfUsersOrganization(deps, userOf(request), request.params.userId, request.body.tier));
  route(plansApi.setUsage, async (request) => setUsageOfUsersOrganization(deps, userOf(request), request.params.userId, request.body));
  route(plansApi.setCheckoutId, async (request) => setTierCheckoutId(deps, userOf(request), request.params.name, request.body.checkoutId));
  // A paying organization's plan change and Paddle customer portal (billing.service.ts).
  route(plansApi.previewPlanChange, async (request) => previewPlanChange(deps, userOf(request), request.body.tier));
  route(plansApi.changePlan, async (request, reply) => reply.status(202).send(await changePlan(deps, userOf(request), request.body.tier)));
  route(plansApi.portalSession, async (request) => createPortalSession(deps, userOf(request)));

  // The webhook needs the raw body for the signature: its own scope reads every content type as a string and keeps it
  // next to the parsed JSON (which the NUL rule of plugins/input-guard.ts then checks like any other body). Its contract
  // (bodyKind 'raw') documents the event; the route checks the signature first, then validates the event itself.
  api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      const raw = String(body);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      done(null, { raw, json } satisfies WebhookBody);
    });
    contractRoutes(scope)(plansApi.paddleWebhook, async (request) => {
      const secret = deps.config.PADDLE_WEBHOOK_SECRET;
      if (!secret) throw new AppError('unavailable', 'Billing webhooks are not configured on this server.');
      const body = request.body as WebhookBody | undefined;
      const header = request.headers['paddle-signature'];
      const signature = Array.isArray(header) ? header.join(';') : header;
      if (!verifyPaddleSignature(body?.raw ?? '', signature, secret, deps.clock.now(), deps.config.PADDLE_WEBHOOK_TOLERANCE_SECONDS)) {
        throw unauthorized('The Paddle signature is missing, invalid or too old.');
      }
      if (body?.json === undefined) throw badRequest('The webhook body is not valid JSON.');
      const event = parse(paddleEventSchema, body.json);
      const result = await handlePaddleEvent(deps, event);
      return { received: true as const, ...result };
    });
  });
}

interface WebhookBody {
  raw: string;
  /** undefined when the body is not JSON. */
  json: unknown;
}
