import type { Db } from '../../db/client.ts';

/**
 * The first admin of an installation (ADMIN_USERNAME …): already confirmed, in an organization of its own on the
 * admin-only plan, no region yet. Run it inside a transaction: both rows or neither.
 */
/** Held until the transaction ends: one starting process at a time creates the first admin. */
export async function lockAdminBootstrap(tx: Db): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(72011003)');
}

export async function insertConfirmedAdmin(tx: Db, admin: { username: string; email: string; passwordHash: string }): Promise<void> {
  const org = await tx.one<{ id: string }>(`insert into organizations (name, subscription_tier) values ($1, 'prodtest') returning id`, [
    `${admin.username} (admin)`,
  ]);
  await tx.execute(
    `insert into users (username, email, password_hash, role, email_confirmed_at, organization_id, primary_country)
     values ($1, lower($2), $3, 'ADMIN', now(), $4, null)`,
    [admin.username, admin.email, admin.passwordHash, org.id],
  );
}
