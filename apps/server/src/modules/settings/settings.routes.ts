import type { FastifyInstance } from 'fastify';
import { adminCountryParamsSchema, updatePrimaryCountryBodySchema, updateSellerProfileBodySchema, updateUserSettingsBodySchema } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { findSellerProfile, updateSellerProfile } from './seller-profile.repository.ts';
import { getPrimaryCountry, getUserInfo, getUserSettings, setAdminCountry, setPrimaryCountry, updateUserSettings } from './settings.service.ts';

/** /user/settings…: ROI threshold, account info, primary business country, seller profile, admin country buttons. */
export function registerSettingsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const user = { preHandler: guards.requireUser };
  api.get('/user/settings', user, (request) => getUserSettings(deps, userOf(request)));
  api.put('/user/settings', user, (request) => updateUserSettings(deps, userOf(request), parse(updateUserSettingsBodySchema, request.body)));
  api.get('/user/settings/info', user, (request) => getUserInfo(deps, userOf(request)));
  api.get('/user/settings/primary-country', user, (request) => getPrimaryCountry(deps, userOf(request)));
  api.post('/user/settings/primary-country', user, (request) =>
    setPrimaryCountry(deps, userOf(request), parse(updatePrimaryCountryBodySchema, request.body).countryCode),
  );
  // The seller profile (issue 12 item 4): DSF and VAT on Amazon's fees depend on it.
  api.get('/user/settings/seller-profile', user, (request) => findSellerProfile(deps.db, userOf(request).id));
  api.put('/user/settings/seller-profile', user, async (request) => {
    const body = parse(updateSellerProfileBodySchema, request.body);
    await updateSellerProfile(deps.db, userOf(request).id, body);
    return findSellerProfile(deps.db, userOf(request).id);
  });
  api.post('/user/settings/country/:code', { preHandler: guards.requireAdmin }, (request) =>
    setAdminCountry(deps, userOf(request), parse(adminCountryParamsSchema, request.params).code),
  );
}
