import type { MemberStatus, TeamMember } from '@dealradar/shared/contracts/organization';

/** How a member's status reads on the Team card. */
export const MEMBER_STATUS_LABELS: Record<MemberStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'green' },
  INVITED: { label: 'Invited', color: 'blue' },
  REMOVED: { label: 'Removed', color: 'gray' },
  INACTIVE: { label: 'Inactive', color: 'orange' },
};

/** Who may be removed by whom: never the owner, never yourself, never twice; only by those who may invite. */
export function canRemove(you: { id: string; mayInvite: boolean }, member: TeamMember): boolean {
  return you.mayInvite && !member.isOwner && member.id !== you.id && member.status !== 'REMOVED';
}

/** The owner changes who else may invite (not the owner's own right, not a removed member's). */
export function canChangeRight(you: { isOwner: boolean }, member: TeamMember): boolean {
  return you.isOwner && !member.isOwner && member.status !== 'REMOVED';
}
