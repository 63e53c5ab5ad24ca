import type { AppDeps } from '../../deps.ts';
import { hashPassword } from './password.ts';

/**
 * Creates the first admin from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, already confirmed,
 * in an organization on the admin-only plan. Idempotent: an existing user of that name is left as it is.
 */
export async function bootstrapAdmin(deps: AppDeps): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = deps.config;
  if (!username || !email || !password) return;
  const existing = await deps.db.maybeOne('select id from users where lower(username) = lower($1) or lower(email) = lower($2)', [username, email]);
  if (existing) return;
  const passwordHash = await hashPassword(password);
  await deps.db.tx(async (tx) => {
    const org = await tx.one<{ id: string }>(`insert into organizations (name, subscription_tier) values ($1, 'prodtest') returning id`, [`${username} (admin)`]);
    await tx.query(
      `insert into users (username, email, password_hash, role, email_confirmed_at, organization_id, primary_country)
       values ($1, lower($2), $3, 'ADMIN', now(), $4, null)`,
      [username, email, passwordHash, org.id],
    );
  });
  deps.log.info({ username }, 'first admin created');
}
