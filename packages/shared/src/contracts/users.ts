import { z } from 'zod';
import { TIER_NAMES } from '../tiers.ts';
import { jsonBody, registerBodySchema, userRowSchema } from './account.ts';

/**
 * Users management (admin): edit and delete (docs/accounts.md "Editing, deactivating and deleting users").
 * GET /users and POST /users/invite are in account.ts.
 */

/** PUT /users/:id — any of the fields; the plan and the organization name belong to the user's organization. */
export const updateUserBodySchema = jsonBody({
  role: z.enum(['USER', 'ADMIN'], { error: 'Role must be USER or ADMIN.' }).optional(),
  active: z.boolean({ error: 'Active must be true or false.' }).optional(),
  organizationName: registerBodySchema.shape.organization.optional(),
  subscriptionTier: z.enum(TIER_NAMES, { error: `Plan must be one of ${TIER_NAMES.join(', ')}.` }).optional(),
}).refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'Nothing to change.' });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export const updateUserResponseSchema = z.object({ message: z.string(), user: userRowSchema });

/** One kind of data that deleting the user removes, with how many rows the user has of it now. */
export const removedDataSchema = z.object({ table: z.string(), label: z.string(), count: z.number().int() });
export type RemovedData = z.infer<typeof removedDataSchema>;

/** GET /users/:id/deletion — what DELETE /users/:id would remove, for the confirmation dialog. */
export const userDeletionSummarySchema = z.object({
  user: userRowSchema,
  /** The user's own data, per kind; kinds the user has none of are listed with 0. */
  removed: z.array(removedDataSchema),
  /** The organization goes too when the user is its only member (with its plan and usage counters). */
  organizationRemoved: z.boolean(),
  /** Other members keep the organization, its plan and its usage. */
  otherMembers: z.number().int(),
  /** A Paddle subscription that still bills the organization: deletion is refused until it is canceled. */
  activeSubscription: z.boolean(),
});
export type UserDeletionSummary = z.infer<typeof userDeletionSummarySchema>;

/** DELETE /users/:id */
export const deleteUserResponseSchema = z.object({ message: z.string(), removed: z.array(removedDataSchema), organizationRemoved: z.boolean() });
