import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** Payloads of SPEC §7 "Authentication and account". */
const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(200, 'Password is too long.');

export const registerBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(3, 'Username must be at least 3 characters long.').max(50, 'Username is too long.')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores.'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().email('Please enter a valid email address.').max(254),
  password,
  organization: z.string({ error: 'Organization is required' }).trim().min(1, 'Organization is required').max(120, 'Organization name is too long.'),
  affiliateId: z.string().trim().max(64).optional().nullable(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export const loginResponseSchema = z.object({ token: z.string() });

export const forgotPasswordBodySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().email('Please enter a valid email address.'),
});
export const resetPasswordBodySchema = z.object({ token: z.string().min(1, 'No token provided.'), password });
export const confirmPasswordBodySchema = z.object({ token: z.string().min(1, 'No token provided.'), newPassword: password });
export const confirmTokenResponseSchema = z.object({ email: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });

export const selectCountryBodySchema = z.object({ countryCode: z.string() });
export const primaryCountryResponseSchema = z.object({
  country: z.string().nullable(),
  currency: z.string(),
  currencySymbol: z.string(),
});
export const primaryCountryUpdateResponseSchema = z.object({
  country: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  message: z.string(),
});

export const userSettingsSchema = z.object({ minRoiThreshold: z.number() });
export const updateUserSettingsBodySchema = z.object({
  minRoiThreshold: z.number({ error: 'Minimum ROI must be a number.' }).min(0, 'Minimum ROI must be between 0 and 100%.').max(1, 'Minimum ROI must be between 0 and 100%.'),
});

export const userInfoSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  active: z.boolean(),
  organizationName: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const helpBodySchema = z.object({ message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message is too long.') });
export const helpRequestSchema = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  senderUsername: z.string(),
  sender: z.object({ username: z.string() }),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

export const userRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  active: z.boolean(),
  organizationName: z.string().nullable(),
  subscriptionTierName: z.string(),
  paddleCustomerId: z.string().nullable(),
  lastActiveAt: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const inviteUserBodySchema = z.object({
  username: registerBodySchema.shape.username,
  email: registerBodySchema.shape.email,
  organization: registerBodySchema.shape.organization.optional(),
  role: z.enum(['USER', 'ADMIN']).default('USER'),
});

/** Claims of the session token (SPEC §3). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  id: z.string(),
  email: z.string(),
  subscriptionTier: z.string().default('FREE'),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
