import type { FastifyInstance } from 'fastify';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { ungatingInvoiceApi } from '@dealradar/shared/contracts/endpoints/sales-estimate';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { findSellerProfile, updateSellerProfile } from './seller-profile.repository.ts';
import { findUngatingInvoiceUnits, updateUngatingInvoiceUnits } from './ungating-invoice.repository.ts';
import { getPrimaryCountry, getUserInfo, getUserSettings, setAdminCountry, setPrimaryCountry, updateUserSettings } from './settings.service.ts';

/** /user/settings…: ROI threshold, account info, primary business country, seller profile, admin country buttons. */
export function registerSettingsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(settingsApi.get, (request) => getUserSettings(deps, userOf(request)));
  route(settingsApi.update, (request) => updateUserSettings(deps, userOf(request), request.body));
  route(settingsApi.info, (request) => getUserInfo(deps, userOf(request)));
  route(settingsApi.primaryCountry, (request) => getPrimaryCountry(deps, userOf(request)));
  route(settingsApi.setPrimaryCountry, (request) => setPrimaryCountry(deps, userOf(request), request.body.countryCode));
  // The seller profile: DSF and VAT on Amazon's fees depend on it.
  route(settingsApi.sellerProfile, (request) => findSellerProfile(deps.db, userOf(request).id));
  route(settingsApi.updateSellerProfile, async (request) => {
    await updateSellerProfile(deps.db, userOf(request).id, request.body);
    return findSellerProfile(deps.db, userOf(request).id);
  });
  // The units of an ungating invoice ("Is approval worth it?", docs/sales-estimate.md).
  route(ungatingInvoiceApi.get, async (request) => ({ units: await findUngatingInvoiceUnits(deps.db, userOf(request).id) }));
  route(ungatingInvoiceApi.update, async (request) => ({ units: await updateUngatingInvoiceUnits(deps.db, userOf(request).id, request.body.units) }));
  route(settingsApi.adminCountry, (request) => setAdminCountry(deps, userOf(request), request.params.code));
}
