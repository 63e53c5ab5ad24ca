import type { FastifyInstance } from 'fastify';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { withRetryAfter } from '../rate-limit/rate-limit.service.ts';
import { setPrimaryCountry } from '../settings/settings.service.ts';
import { currentSession, login, logout, logoutEverywhere } from './login.service.ts';
import { confirmPassword, requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { confirmEmail, register } from './registration.service.ts';

/** /auth/…: registration, confirmation, login/logout, password reset, region choice (SPEC §7). */
export function registerAuthRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(authApi.register, async (request, reply) => reply.status(201).send(await withRetryAfter(reply, () => register(deps, request.body, request.ip))));
  route(authApi.confirm, (request) => confirmEmail(deps, request.query.token));
  route(authApi.login, (request, reply) => withRetryAfter(reply, () => login(deps, request.body, request.ip)));
  route(authApi.forgotPassword, (request, reply) => withRetryAfter(reply, () => requestPasswordReset(deps, request.body.email, request.ip)));
  route(authApi.resetPassword, (request) => resetPassword(deps, request.body.token, request.body.password));
  route(authApi.confirmPassword, (request) => confirmPassword(deps, request.body.token, request.body.newPassword));
  route(authApi.logout, (request) => logout(deps, userOf(request)));
  route(authApi.logoutEverywhere, (request) => logoutEverywhere(deps, userOf(request)));
  route(authApi.session, (request) => currentSession(userOf(request)));
  route(authApi.selectCountry, (request) => setPrimaryCountry(deps, userOf(request), request.body.countryCode));
}
