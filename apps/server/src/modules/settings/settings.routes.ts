import type { FastifyInstance } from 'fastify';
import { adminCountryParamsSchema, updatePrimaryCountryBodySchema, updateUserSettingsBodySchema } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { getPrimaryCountry, getUserInfo, getUserSettings, setAdminCountry, setPrimaryCountry, updateUserSettings } from './settings.service.ts';

/** /user/settings…: ROI threshold, account info, primary business country, admin country buttons. */
export function registerSettingsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const user = { preHandler: guards.requireUser };
  api.get('/user/settings', user, (request) => getUserSettings(deps, userOf(request)));
  api.put('/user/settings', user, (request) => updateUserSettings(deps, userOf(request), parse(updateUserSettingsBodySchema, request.body)));
  api.get('/user/settings/info', user, (request) => getUserInfo(deps, userOf(request)));
  api.get('/user/settings/primary-country', user, (request) => getPrimaryCountry(deps, userOf(request)));
  api.post('/user/settings/primary-country', user, (request) =>
    setPrimaryCountry(deps, userOf(request), parse(updatePrimaryCountryBodySchema, request.body).countryCode),
  );
  api.post('/user/settings/country/:code', { preHandler: guards.requireAdmin }, (request) =>
    setAdminCountry(deps, userOf(request), parse(adminCountryParamsSchema, request.params).code),
  );
}
