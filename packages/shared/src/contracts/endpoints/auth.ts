import {
  confirmPasswordBodySchema,
  confirmTokenQuerySchema,
  confirmTokenResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  primaryCountryUpdateResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  selectCountryBodySchema,
  sessionResponseSchema,
} from '../account.ts';
import { endpoint } from '../endpoint.ts';

const tag = 'auth';

/** SPEC §7 "Authentication and account": /auth/… */
export const authApi = {
  register: endpoint({ method: 'POST', path: '/auth/register', access: 'public', tag, summary: 'Create an account (sends the confirmation e-mail).', body: registerBodySchema, responses: { 201: registerResponseSchema } }),
  confirm: endpoint({ method: 'GET', path: '/auth/confirm', access: 'public', tag, summary: 'Confirm an e-mail address with the link token; answers the address.', query: confirmTokenQuerySchema, responses: { 200: confirmTokenResponseSchema } }),
  login: endpoint({ method: 'POST', path: '/auth/login', access: 'public', tag, summary: 'Sign in; answers the session token (a JWT for the Authorization: Bearer header).', body: loginBodySchema, responses: { 200: loginResponseSchema } }),
  forgotPassword: endpoint({ method: 'POST', path: '/auth/forgot-password', access: 'public', tag, summary: 'Send a password-reset link (the answer is the same whether the address exists or not).', body: forgotPasswordBodySchema, responses: { 200: messageResponseSchema } }),
  resetPassword: endpoint({ method: 'POST', path: '/auth/reset-password', access: 'public', tag, summary: 'Set a new password with a reset link token.', body: resetPasswordBodySchema, responses: { 200: messageResponseSchema } }),
  confirmPassword: endpoint({ method: 'POST', path: '/auth/confirm-password', access: 'public', tag, summary: 'Set the first password of an invited account with its link token.', body: confirmPasswordBodySchema, responses: { 200: messageResponseSchema } }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', access: 'user', tag, summary: 'End this session (its token is revoked). No body.', responses: { 200: messageResponseSchema } }),
  logoutEverywhere: endpoint({ method: 'POST', path: '/auth/logout-everywhere', access: 'user', tag, summary: "End every session of the user.", responses: { 200: messageResponseSchema } }),
  session: endpoint({ method: 'GET', path: '/auth/session', access: 'user', tag, summary: 'The session as the server knows it now (role and plan from the database).', responses: { 200: sessionResponseSchema } }),
  selectCountry: endpoint({ method: 'POST', path: '/auth/select-country', access: 'user', tag, summary: 'Choose the primary region (UK or Europe) after the first sign-in.', body: selectCountryBodySchema, responses: { 200: primaryCountryUpdateResponseSchema } }),
} as const;

