import type { AppDeps } from '../../src/deps.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  organizationId: string;
  role: 'USER' | 'ADMIN';
  token: string;
  /** { authorization: 'Bearer …' } for app.inject. */
  headers: { authorization: string };
}

let counter = 0;
let cachedHash: Promise<string> | undefined;

/**
 * A confirmed user with an organization on `tier`, a primary country, and a valid session token.
 * Written straight to the database so tests of other modules don't depend on the auth routes.
 */
export async function createUser(
  deps: AppDeps,
  overrides: {
    username?: string;
    email?: string;
    role?: 'USER' | 'ADMIN';
    tier?: string;
    country?: string | null;
    confirmed?: boolean;
    minRoiThreshold?: number;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const username = overrides.username ?? `user${suffix}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = 'correct-horse-battery';
  cachedHash ??= hashPassword(password);
  const role = overrides.role ?? 'USER';
  const tier = overrides.tier ?? (role === 'ADMIN' ? 'prodtest' : 'FREE');
  const org = await deps.db.one<{ id: string }>('insert into organizations (name, subscription_tier) values ($1, $2) returning id', [`${username} Ltd`, tier]);
  const user = await deps.db.one<{ id: string }>(
    `insert into users (username, email, password_hash, role, email_confirmed_at, organization_id, primary_country, min_roi_threshold)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      username,
      email.toLowerCase(),
      await cachedHash,
      role,
      overrides.confirmed === false ? null : deps.clock.now(),
      org.id,
      overrides.country === undefined ? 'DE' : overrides.country,
      overrides.minRoiThreshold ?? 0.15,
    ],
  );
  const token = await signSessionToken(
    deps.jwtSecret,
    { id: user.id, username, email, role, subscriptionTier: tier },
    deps.config.JWT_TTL_SECONDS,
    deps.clock.now(),
  );
  return { id: user.id, username, email, password, organizationId: org.id, role, token, headers: { authorization: `Bearer ${token}` } };
}
