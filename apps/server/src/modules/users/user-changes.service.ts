import type { UserRow } from '@dealradar/shared/contracts/account';
import type { RemovedData, UpdateUserBody, UserDeletionSummary } from '@dealradar/shared/contracts/users';
import { ADMIN_ONLY_TIER } from '@dealradar/shared/tiers';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { endSessionsOfUser } from '../auth/login.service.ts';
import { setTierOfOrganization } from '../plans/plans.service.ts';
import { cancelScansOfUser } from '../scans/scans.service.ts';
import * as repo from './users.repository.ts';
import { toUserRow } from './users.service.ts';

/**
 * Editing and deleting users (admin; rules in docs/accounts.md "Editing, deactivating and deleting users").
 */

export const LAST_ADMIN_MESSAGE = 'There must always be at least one active administrator. Make another user an administrator first.';

/** What each table that points at a user holds, in the words of the confirmation dialog. */
const REMOVED_LABELS: Record<string, string> = {
  scans: 'Scans (CSV Template and Supplier Level Analyzer)',
  scan_results: 'Deals and scan results',
  brand_scans: 'Brand scans',
  brand_favorites: 'Brand favorites',
  help_requests: 'Help requests and their answers',
  auth_tokens: 'E-mail links (confirmation, password reset, invitation)',
  // Price-drop alerts.
  alert_rules: 'Price-alert rules',
  alert_channels: 'Alert channels (e-mail addresses and webhooks)',
  alert_user_settings: 'Alert settings',
  alert_deliveries: 'Sent and queued alerts',
  alert_items: 'Price drops waiting in alert digests',
};
const labelOf = (table: string) => REMOVED_LABELS[table] ?? table.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Paddle states in which the subscription still bills (canceled or scheduled to end: it does not renew). */
const BILLING_STATUSES = new Set(['active', 'trialing', 'past_due', 'paused']);

async function findRow(db: Db, id: string): Promise<UserRow> {
  const record = isUuid(id) ? await repo.findUserRecord(db, id) : undefined;
  if (!record) throw notFound('User not found.');
  return toUserRow(record);
}

/** Refuses to leave the product without an active administrator. Call inside the transaction, admins locked first. */
function assertAnotherActiveAdmin(activeAdmins: string[], userId: string): void {
  if (!activeAdmins.some((id) => id !== userId)) throw conflict(LAST_ADMIN_MESSAGE);
}

/**
 * PUT /users/:id — role, active, the organization's name and plan. Deactivating ends the user's sessions at once
 * (their session version is raised, as by "log out everywhere"). The plan changes through the plans module, the one place plan changes
 * apply (cancellation cleared, other areas' reactions).
 */
export async function updateUser(deps: AppDeps, admin: CurrentUser, id: string, body: UpdateUserBody): Promise<{ message: string; user: UserRow }> {
  const before = await findRow(deps.db, id);
  const role = body.role ?? before.role;
  if (body.subscriptionTier === ADMIN_ONLY_TIER && role !== 'ADMIN') throw badRequest('The prodtest plan is for administrators only.');
  const deactivating = body.active === false && before.active;

  await deps.db.tx(async (tx) => {
    // Admins first, then the user: every edit and deletion takes the locks in this order (no deadlock).
    const activeAdmins = await repo.lockActiveAdmins(tx);
    const user = await repo.lockUser(tx, id);
    if (!user) throw notFound('User not found.');
    const losesAdmin = user.role === 'ADMIN' && user.active && (body.role === 'USER' || body.active === false);
    if (losesAdmin) assertAnotherActiveAdmin(activeAdmins, id);
    await repo.updateUserAccess(tx, id, { role: body.role, active: body.active });
    // The same session version as "log out everywhere": reactivating later does not bring these sessions back.
    if (deactivating) await endSessionsOfUser(tx, id);
    if (body.organizationName !== undefined) await repo.renameOrganization(tx, user.organizationId, body.organizationName);
  });
  if (body.subscriptionTier !== undefined && body.subscriptionTier !== before.subscriptionTierName) {
    const org = await repo.findOrganizationOfUser(deps.db, id);
    if (org) await setTierOfOrganization(deps, admin, org.organizationId, body.subscriptionTier);
  }
  deps.log.info({ adminId: admin.id, userId: id, change: body }, 'user changed by an administrator');
  const user = await findRow(deps.db, id);
  const message = deactivating ? `${user.username} has been deactivated and signed out everywhere.` : `Changes to ${user.username} saved.`;
  return { message, user };
}

/** What deleting the user removes now: every table whose rows point at the user and go with them. */
async function removedData(db: Db, userId: string): Promise<{ removed: RemovedData[]; blocking: RemovedData[] }> {
  const removed: RemovedData[] = [];
  const blocking: RemovedData[] = [];
  for (const reference of await repo.findUserReferences(db)) {
    if (reference.onDelete === 'n' || reference.onDelete === 'd') continue; // kept, without the user (set null / default)
    const item = { table: reference.table, label: labelOf(reference.table), count: await repo.countRowsOfUser(db, reference, userId) };
    if (reference.onDelete === 'c') removed.push(item);
    else if (item.count > 0) blocking.push(item);
  }
  return { removed, blocking };
}

function billsStill(org: repo.OrganizationOfUser): boolean {
  return org.otherMembers === 0 && !!org.subscriptionStatus && BILLING_STATUSES.has(org.subscriptionStatus) && !org.subscriptionCancelAt;
}

/** GET /users/:id/deletion — the confirmation dialog's list. */
export async function getDeletionSummary(deps: AppDeps, id: string): Promise<UserDeletionSummary> {
  const user = await findRow(deps.db, id);
  const org = await repo.findOrganizationOfUser(deps.db, id);
  const { removed } = await removedData(deps.db, id);
  return {
    user,
    removed,
    organizationRemoved: (org?.otherMembers ?? 0) === 0,
    otherMembers: org?.otherMembers ?? 0,
    activeSubscription: !!org && billsStill(org),
  };
}

/**
 * DELETE /users/:id — the account and everything of theirs (scans, deals, favorites, help requests, and whatever other
 * areas attach to a user with on delete cascade), and their organization when nobody else belongs to it. Refused while
 * the organization's Paddle subscription still bills (cancel it first, or deactivate the user) and for the last
 * active administrator.
 */
export async function deleteUser(
  deps: AppDeps,
  admin: CurrentUser,
  id: string,
): Promise<{ message: string; removed: RemovedData[]; organizationRemoved: boolean }> {
  const before = await findRow(deps.db, id);
  const org = await repo.findOrganizationOfUser(deps.db, id);
  if (org && billsStill(org)) {
    throw conflict(
      `${before.username}'s organization still pays for the ${org.subscriptionTier} plan through Paddle. Cancel the subscription in Paddle first, or deactivate the user instead.`,
    );
  }
  if (before.role === 'ADMIN' && before.active) {
    // Checked again under the locks below; this early look keeps a refused deletion from stopping the user's scans.
    const admins = await repo.lockActiveAdmins(deps.db);
    assertAnotherActiveAdmin(admins, id);
  }
  await cancelScansOfUser(deps, id);
  const result = await deps.db.tx(async (tx) => {
    const activeAdmins = await repo.lockActiveAdmins(tx);
    const user = await repo.lockUser(tx, id);
    if (!user) throw notFound('User not found.');
    if (user.role === 'ADMIN' && user.active) assertAnotherActiveAdmin(activeAdmins, id);
    const { removed, blocking } = await removedData(tx, id);
    if (blocking.length > 0)
      throw conflict(`${before.username} cannot be deleted yet: ${blocking.map((b) => b.label.toLowerCase()).join(', ')} still refer to this user.`);
    await repo.deleteUserRow(tx, id);
    const organizationRemoved = await repo.deleteOrganizationIfEmpty(tx, user.organizationId);
    return { removed, organizationRemoved };
  });
  deps.log.info({ adminId: admin.id, userId: id, username: before.username, ...result }, 'user deleted by an administrator');
  return { message: `${before.username} and their data have been deleted.`, ...result };
}
