import { endpoint } from '../endpoint.ts';
import {
  checkAgainBodySchema,
  checkAgainResponseSchema,
  completeAuthorizationBodySchema,
  connectSellerAccountBodySchema,
  sellerAccountSchema,
  startAuthorizationBodySchema,
  startAuthorizationResponseSchema,
} from '../seller-account.ts';

const tag = 'seller-account';

/** The organization's Amazon seller account (docs/seller-account.md). */
export const sellerAccountApi = {
  get: endpoint({
    method: 'GET',
    path: '/seller-account',
    access: 'user',
    tag,
    summary: "The organization's Amazon seller account: connected or not, its region and stores, checks still running (never the token).",
    responses: { 200: sellerAccountSchema },
  }),
  connect: endpoint({
    method: 'PUT',
    path: '/seller-account',
    access: 'user',
    tag,
    summary: 'Connect the seller account (organization admin or product admin): checked with Amazon before it is stored.',
    body: connectSellerAccountBodySchema,
    responses: { 200: sellerAccountSchema },
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/seller-account',
    access: 'user',
    tag,
    summary: 'Disconnect the seller account: the refresh token and the checked restrictions are deleted.',
    responses: { 200: sellerAccountSchema },
  }),
  startAuthorization: endpoint({
    method: 'POST',
    path: '/seller-account/authorize',
    access: 'user',
    tag,
    summary: "Website authorization: Seller Central's consent page with a one-time state bound to the signed-in user (15 minutes).",
    body: startAuthorizationBodySchema,
    responses: { 200: startAuthorizationResponseSchema },
  }),
  completeAuthorization: endpoint({
    method: 'POST',
    path: '/seller-account/authorize/complete',
    access: 'user',
    tag,
    summary: "Website authorization: Amazon's redirect (state, code, seller id) checked and the code exchanged for the refresh token.",
    body: completeAuthorizationBodySchema,
    responses: { 200: sellerAccountSchema },
  }),
  checkAgain: endpoint({
    method: 'POST',
    path: '/seller-account/listing-checks',
    access: 'user',
    tag,
    summary: "Check again: asks Amazon at once whether the organization's seller account may list this ASIN in these markets (the cache is skipped).",
    body: checkAgainBodySchema,
    responses: { 200: checkAgainResponseSchema },
  }),
} as const;
