import type { AppDeps } from '../../deps.ts';
import { insertConfirmedAdmin, lockAdminBootstrap } from './admin-account.repository.ts';
import { findTakenIdentity } from './auth.repository.ts';
import { hashPassword } from './password.ts';

/**
 * Creates the first admin from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, already confirmed,
 * in an organization on the admin-only plan. Idempotent: an existing user of that name (or e-mail) is left as it is.
 * Processes started at the same moment on one PostgreSQL (scale-out) create it once: the check is repeated under a lock.
 */
export async function bootstrapAdmin(deps: AppDeps): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.config;
  if (!username || !email || !password) return;
  const taken = await findTakenIdentity(deps.db, username, email);
  if (taken.username || taken.email) return;
  const passwordHash = await hashPassword(password);
  const created = await deps.db.tx(async (tx) => {
    await lockAdminBootstrap(tx);
    const takenMeanwhile = await findTakenIdentity(tx, username, email);
    if (takenMeanwhile.username || takenMeanwhile.email) return false;
    await insertConfirmedAdmin(tx, { username, email, passwordHash });
    return true;
  });
  if (created) deps.log.info({ username }, 'first admin created');
}
