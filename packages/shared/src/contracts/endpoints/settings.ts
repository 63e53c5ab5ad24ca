import {
  adminCountryParamsSchema,
  messageResponseSchema,
  primaryCountryResponseSchema,
  primaryCountryUpdateResponseSchema,
  sellerProfileSchema,
  updatePrimaryCountryBodySchema,
  updateSellerProfileBodySchema,
  updateUserSettingsBodySchema,
  userInfoSchema,
  userSettingsSchema,
} from '../account.ts';
import { endpoint } from '../endpoint.ts';

const tag = 'settings';

/** SPEC §7 /user/settings…: ROI threshold, account info, primary country, seller profile, admin country buttons. */
export const settingsApi = {
  get: endpoint({
    method: 'GET',
    path: '/user/settings',
    access: 'user',
    tag,
    summary: "The user's minimum ROI threshold (0–1).",
    responses: { 200: userSettingsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/user/settings',
    access: 'user',
    tag,
    summary: 'Save the minimum ROI threshold.',
    body: updateUserSettingsBodySchema,
    responses: { 200: userSettingsSchema },
  }),
  info: endpoint({
    method: 'GET',
    path: '/user/settings/info',
    access: 'user',
    tag,
    summary: 'Account information shown on Settings.',
    responses: { 200: userInfoSchema },
  }),
  primaryCountry: endpoint({
    method: 'GET',
    path: '/user/settings/primary-country',
    access: 'user',
    tag,
    summary: 'The primary business country and its currency.',
    responses: { 200: primaryCountryResponseSchema },
  }),
  setPrimaryCountry: endpoint({
    method: 'POST',
    path: '/user/settings/primary-country',
    access: 'user',
    tag,
    summary: 'Change the primary business country.',
    body: updatePrimaryCountryBodySchema,
    responses: { 200: primaryCountryUpdateResponseSchema },
  }),
  sellerProfile: endpoint({
    method: 'GET',
    path: '/user/settings/seller-profile',
    access: 'user',
    tag,
    summary: 'Where the business is established and whether it is VAT-registered (fees and VAT depend on it).',
    responses: { 200: sellerProfileSchema },
  }),
  updateSellerProfile: endpoint({
    method: 'PUT',
    path: '/user/settings/seller-profile',
    access: 'user',
    tag,
    summary: 'Save the seller profile.',
    body: updateSellerProfileBodySchema,
    responses: { 200: sellerProfileSchema },
  }),
  adminCountry: endpoint({
    method: 'POST',
    path: '/user/settings/country/:code',
    access: 'admin',
    tag,
    summary: "Switch the admin's country (the admin country buttons).",
    params: adminCountryParamsSchema,
    responses: { 200: messageResponseSchema },
  }),
} as const;
