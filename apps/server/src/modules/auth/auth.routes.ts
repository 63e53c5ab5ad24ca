import type { FastifyInstance } from 'fastify';
import {
  confirmPasswordBodySchema,
  confirmTokenQuerySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  selectCountryBodySchema,
} from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { withRetryAfter } from '../rate-limit/rate-limit.service.ts';
import { setPrimaryCountry } from '../settings/settings.service.ts';
import { currentSession, login, logout, logoutEverywhere } from './login.service.ts';
import { confirmPassword, requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { confirmEmail, register } from './registration.service.ts';

/** /auth/…: registration, confirmation, login/logout, password reset, region choice (SPEC §7). */
export function registerAuthRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.post('/auth/register', async (request, reply) =>
    reply.status(201).send(await withRetryAfter(reply, () => register(deps, parse(registerBodySchema, request.body), request.ip))),
  );
  api.get('/auth/confirm', (request) => confirmEmail(deps, parse(confirmTokenQuerySchema, request.query).token));
  api.post('/auth/login', (request, reply) => withRetryAfter(reply, () => login(deps, parse(loginBodySchema, request.body), request.ip)));
  api.post('/auth/forgot-password', (request, reply) =>
    withRetryAfter(reply, () => requestPasswordReset(deps, parse(forgotPasswordBodySchema, request.body).email, request.ip)),
  );
  api.post('/auth/reset-password', (request) => {
    const body = parse(resetPasswordBodySchema, request.body);
    return resetPassword(deps, body.token, body.password);
  });
  api.post('/auth/confirm-password', (request) => {
    const body = parse(confirmPasswordBodySchema, request.body);
    return confirmPassword(deps, body.token, body.newPassword);
  });
  api.post('/auth/logout', { preHandler: guards.requireUser }, (request) => logout(deps, userOf(request)));
  api.post('/auth/logout-everywhere', { preHandler: guards.requireUser }, (request) => logoutEverywhere(deps, userOf(request)));
  api.get('/auth/session', { preHandler: guards.requireUser }, (request) => currentSession(userOf(request)));
  api.post('/auth/select-country', { preHandler: guards.requireUser }, (request) =>
    setPrimaryCountry(deps, userOf(request), parse(selectCountryBodySchema, request.body).countryCode),
  );
}
