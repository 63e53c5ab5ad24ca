import type { UserInfo } from '@dealradar/shared/contracts/account';
import type { PrimaryCountry } from '@dealradar/shared/regions';
import type { Db } from '../../db/client.ts';

export async function findMinRoiThreshold(db: Db, userId: string): Promise<number> {
  const row = await db.one<{ minRoiThreshold: number }>('select min_roi_threshold as "minRoiThreshold" from users where id = $1', [userId]);
  return row.minRoiThreshold;
}

export async function updateMinRoiThreshold(db: Db, userId: string, value: number): Promise<number> {
  const row = await db.one<{ minRoiThreshold: number }>(
    'update users set min_roi_threshold = $2 where id = $1 returning min_roi_threshold as "minRoiThreshold"',
    [userId, value],
  );
  return row.minRoiThreshold;
}

export function findUserInfo(db: Db, userId: string): Promise<UserInfo> {
  return db.one<UserInfo>(
    `select u.username, u.email, u.role, u.active, o.name as "organizationName"
       from users u join organizations o on o.id = u.organization_id where u.id = $1`,
    [userId],
  );
}

export async function findPrimaryCountry(db: Db, userId: string): Promise<PrimaryCountry | null> {
  const row = await db.one<{ country: PrimaryCountry | null }>('select primary_country as country from users where id = $1', [userId]);
  return row.country;
}

export async function updatePrimaryCountry(db: Db, userId: string, country: PrimaryCountry): Promise<void> {
  await db.execute('update users set primary_country = $2 where id = $1', [userId, country]);
}
