import { z } from 'zod';
import { jsonBody, registerBodySchema } from './account.ts';

/**
 * The organization as a team (docs/organizations.md): its owner invites members by e-mail, sees them, lets some of them
 * invite too, and removes members. Everything of the organization (supplier lists, match rules, seller account, …) is
 * shared by its members.
 */

/** INVITED: has not set a password yet; ACTIVE; REMOVED: removed by the owner (cannot sign in); INACTIVE: deactivated by a product admin. */
export const MEMBER_STATUSES = ['INVITED', 'ACTIVE', 'REMOVED', 'INACTIVE'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
  isOwner: z.boolean(),
  /** The owner always may; other members when the owner allowed it. */
  mayInvite: z.boolean(),
  /** When the account joined the organization (registered or was invited), ISO time. */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /organization/members: the caller's rights, and the members when the caller may see them (owner or may invite). */
export const teamSchema = z.object({
  organizationName: z.string(),
  you: z.object({ id: z.string(), isOwner: z.boolean(), mayInvite: z.boolean() }),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteMemberBodySchema = jsonBody({
  username: registerBodySchema.shape.username,
  email: registerBodySchema.shape.email,
});
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;
export const memberResponseSchema = z.object({ message: z.string(), member: teamMemberSchema });

/** PUT /organization/members/:id (owner only). */
export const updateMemberBodySchema = jsonBody({
  mayInvite: z.boolean({ error: 'May invite must be true or false.' }),
});
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

export const removeMemberResponseSchema = z.object({ message: z.string() });
