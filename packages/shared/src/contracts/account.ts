import { z } from 'zod';
import { PAGE_SIZE, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { MAX_LENGTH } from '../input-limits.ts';
import { pagedSchema } from '../paging.ts';
import { SELLER_COUNTRIES } from '../fee-rules.ts';
import { ADMIN_COUNTRY_BUTTONS, PRIMARY_COUNTRIES } from '../regions.ts';

/** Payloads of SPEC §7 "Authentication and account". */

/** A JSON body that is not an object (an array, a string, a number) gets this sentence, not zod's default. */
export const NOT_A_JSON_OBJECT = 'The request body must be a JSON object.';
export function jsonBody<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: (issue) => (issue.code === 'invalid_type' ? NOT_A_JSON_OBJECT : undefined) });
}

/** Length is checked before the address pattern (a long text is 'too long', not 'not valid'). */
const emailField = z
  .string({ error: 'Email is required' })
  .max(MAX_LENGTH.email, 'Email is too long.')
  .trim()
  .toLowerCase()
  .email('Please enter a valid email address.');

/** Link tokens: a value too long to be one of ours is simply not valid. */
const linkToken = (missing: string) => z.string({ error: missing }).max(MAX_LENGTH.linkToken, 'Invalid or expired token.').trim().min(1, missing);

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`)
  .max(MAX_LENGTH.password, 'Password is too long.');

export const registerBodySchema = jsonBody({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters long.')
    .max(MAX_LENGTH.username, 'Username is too long.')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores.'),
  email: emailField,
  password,
  organization: z
    .string({ error: 'Organization is required' })
    .trim()
    .min(1, 'Organization is required')
    .max(MAX_LENGTH.organization, 'Organization name is too long.'),
  /** Referral code kept from ?ref= (SPEC §1); an empty string counts as none. */
  affiliateId: z.string().trim().max(MAX_LENGTH.referralCode, 'The referral code is too long.').optional().nullable(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
/** POST /auth/register answers 201 with this message. */
export const registerResponseSchema = z.object({ message: z.string() });

/** `username` may also be the account's e-mail address. */
export const loginBodySchema = jsonBody({
  username: z.string({ error: 'Username is required' }).max(MAX_LENGTH.login, 'Username is too long.').trim().min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_LENGTH.password, 'Password is too long.'),
});
export const loginResponseSchema = z.object({ token: z.string() });

export const forgotPasswordBodySchema = jsonBody({
  email: emailField,
});
export const resetPasswordBodySchema = jsonBody({ token: linkToken('No token provided.'), password });
export const confirmPasswordBodySchema = jsonBody({ token: linkToken('No token provided.'), newPassword: password });
/** GET /auth/confirm?token= */
export const confirmTokenQuerySchema = z.object({
  token: linkToken('No confirmation token provided.'),
});
export const confirmTokenResponseSchema = z.object({ email: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });

/** UK, or continental Europe sent as DE (FR, IT, ES also accepted). Missing: 'Please select a region'; other values: 'Invalid selection'. */
export const selectCountryBodySchema = jsonBody({
  countryCode: z.enum(PRIMARY_COUNTRIES, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'Please select a region' : 'Invalid selection'),
  }),
});
/** POST /user/settings/primary-country takes the same body as POST /auth/select-country. */
export const updatePrimaryCountryBodySchema = selectCountryBodySchema;
export const primaryCountryResponseSchema = z.object({
  /** null until the user has chosen a region. */
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
/** POST /user/settings/country/{code} (admin). */
export const adminCountryParamsSchema = z.object({
  code: z.enum(ADMIN_COUNTRY_BUTTONS, { error: 'Invalid selection' }),
});

export const userSettingsSchema = z.object({ minRoiThreshold: z.number() });
export const updateUserSettingsBodySchema = jsonBody({
  minRoiThreshold: z
    .number({ error: 'Minimum ROI must be a number.' })
    .min(0, 'Minimum ROI must be between 0 and 100%.')
    .max(1, 'Minimum ROI must be between 0 and 100%.'),
});

/** GET/PUT /user/settings/seller-profile: who sells, for DSF and VAT on Amazon's fees. */
export const sellerProfileSchema = z.object({
  country: z.enum(SELLER_COUNTRIES),
  vatRegistered: z.boolean(),
  /** True until the user saves a profile (the country then comes from the primary region). */
  isDefault: z.boolean(),
});
export const updateSellerProfileBodySchema = jsonBody({
  country: z.enum(SELLER_COUNTRIES, { error: 'Choose the country your business is established in.' }),
  vatRegistered: z.boolean({ error: 'Say whether your business is VAT-registered.' }),
});

export const userInfoSchema = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  active: z.boolean(),
  organizationName: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const helpBodySchema = jsonBody({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(MAX_LENGTH.helpMessage, 'Message is too long.'),
});
export const helpRequestSchema = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  senderUsername: z.string(),
  sender: z.object({ username: z.string() }),
  /** The administrator's answer, null while unanswered. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;
/** GET /help (admin, every request) and GET /help/mine (the user's own): newest first. */
export const helpRequestListSchema = z.array(helpRequestSchema);
/** POST /help/:id/answer (admin): the answer is stored, shown to the user under Help and e-mailed to them. */
export const helpAnswerBodySchema = jsonBody({
  answer: z.string({ error: 'Answer is required' }).trim().min(1, 'Answer is required').max(5000, 'Answer is too long.'),
});
export const helpAnswerResponseSchema = z.object({
  message: z.string(),
  request: helpRequestSchema,
  /** False when the e-mail could not be sent: the answer is saved and shown to the user under Help anyway. */
  emailSent: z.boolean(),
});

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

/** GET /users?page&size&search&role&active (admin). Page is zero-based; search matches username, e-mail and organization. */
export const usersQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(0, 'Page must be 0 or more.').default(0),
  size: z.coerce
    .number({ error: 'Size must be a number.' })
    .int('Size must be a whole number.')
    .min(1, 'Size must be between 1 and 100.')
    .max(PAGE_SIZE, 'Size must be between 1 and 100.')
    .default(PAGE_SIZE),
  search: z.string().trim().max(MAX_LENGTH.search, 'The search text is too long.').optional(),
  role: z.enum(['USER', 'ADMIN', ''], { error: 'Role must be USER or ADMIN.' }).optional(),
  active: z.enum(['true', 'false', ''], { error: 'Status must be true or false.' }).optional(),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const usersPageSchema = pagedSchema(userRowSchema);

/** POST /users/invite (admin): the invitee gets the confirm-password e-mail and sets their own password. */
export const inviteUserBodySchema = jsonBody({
  username: registerBodySchema.shape.username,
  email: registerBodySchema.shape.email,
  organization: registerBodySchema.shape.organization.optional(),
  role: z.enum(['USER', 'ADMIN'], { error: 'Role must be USER or ADMIN.' }).default('USER'),
});
export const inviteUserResponseSchema = z.object({ message: z.string(), user: userRowSchema });

/**
 * GET /auth/session: the session as the server knows it now (role and plan from the database). The web asks when the
 * window regains focus and every minute; a plan or role change comes back as X-Refreshed-Token (docs/web-shell.md).
 */
export const sessionResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  subscriptionTier: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

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
