import type { UpdateUserBody } from '@dealradar/shared/contracts/users';
import type { TierName } from '@dealradar/shared/tiers';

/** The role choices of the edit and invite dialogs. */
export const ROLE_OPTIONS = [
  { value: 'USER', label: 'User' },
  { value: 'ADMIN', label: 'Admin' },
];

/** A role select's value as a role (anything but ADMIN is USER). */
export const toRole = (value: string | null): 'USER' | 'ADMIN' => (value === 'ADMIN' ? 'ADMIN' : 'USER');

export interface EditableUser {
  role: 'USER' | 'ADMIN';
  active: boolean;
  organizationName: string;
  subscriptionTier: TierName;
}

/** Only the fields the admin changed (a blank or unchanged organization name is not sent). */
export function changedFields(before: EditableUser, after: EditableUser): UpdateUserBody {
  const body: UpdateUserBody = {};
  if (after.role !== before.role) body.role = after.role;
  if (after.active !== before.active) body.active = after.active;
  const name = after.organizationName.trim();
  if (name && name !== before.organizationName) body.organizationName = name;
  if (after.subscriptionTier !== before.subscriptionTier) body.subscriptionTier = after.subscriptionTier;
  return body;
}
