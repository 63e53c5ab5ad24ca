import type { z } from 'zod';
import type { updateUserSettingsBodySchema, UserInfo } from '@dealradar/shared/contracts/account';
import { getMarket } from '@dealradar/shared/markets';
import { regionCurrency, type PrimaryCountry } from '@dealradar/shared/regions';
import type { AppDeps } from '../../deps.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { getEntitlements, requireAdjustableRoi } from '../plans/entitlements.ts';
import { findMinRoiThreshold, findPrimaryCountry, findUserInfo, updateMinRoiThreshold, updatePrimaryCountry } from './settings.repository.ts';

/** The seller profile as the profit engine reads it (fee rules, buy list). */
export { findSellerProfile } from './seller-profile.repository.ts';

type SettingsDeps = Pick<AppDeps, 'db'>;

export async function getUserSettings(deps: SettingsDeps, user: CurrentUser): Promise<{ minRoiThreshold: number }> {
  return { minRoiThreshold: await findMinRoiThreshold(deps.db, user.id) };
}

/** minRoiThreshold is a fraction 0..1 (the screen shows it times 100). */
export async function updateUserSettings(
  deps: SettingsDeps,
  user: CurrentUser,
  body: z.infer<typeof updateUserSettingsBodySchema>,
): Promise<{ minRoiThreshold: number }> {
  // Plans: minRoiThreshold may change only on plans whose amazonListingFilterType is adjustable (403 otherwise).
  requireAdjustableRoi(await getEntitlements(deps.db, user.organizationId));
  return { minRoiThreshold: await updateMinRoiThreshold(deps.db, user.id, body.minRoiThreshold) };
}

export function getUserInfo(deps: SettingsDeps, user: CurrentUser): Promise<UserInfo> {
  return findUserInfo(deps.db, user.id);
}

export interface PrimaryCountryAnswer {
  country: PrimaryCountry | null;
  currency: string;
  currencySymbol: string;
}

/** country is null until the user has chosen a region; the currency then defaults to EUR. */
export async function getPrimaryCountry(deps: SettingsDeps, user: CurrentUser): Promise<PrimaryCountryAnswer> {
  const country = await findPrimaryCountry(deps.db, user.id);
  return { country, ...regionCurrency(country) };
}

/** The region dialog and the Settings select: UK, or continental Europe (DE; FR, IT, ES also kept as sent). */
export async function setPrimaryCountry(
  deps: SettingsDeps,
  user: CurrentUser,
  country: PrimaryCountry,
): Promise<PrimaryCountryAnswer & { country: PrimaryCountry; message: string }> {
  await updatePrimaryCountry(deps.db, user.id, country);
  const currency = regionCurrency(country);
  const region = country === 'UK' ? 'United Kingdom' : 'Continental Europe';
  return { country, ...currency, message: `Primary business country set to ${region} (${currency.currency}).` };
}

/** The admin-only country buttons of Settings (UK, DE, IT, ES, FR): switch the admin's own country. */
export async function setAdminCountry(deps: SettingsDeps, user: CurrentUser, country: PrimaryCountry): Promise<{ message: string }> {
  await updatePrimaryCountry(deps.db, user.id, country);
  return { message: `Country changed to ${getMarket(country).name}.` };
}
