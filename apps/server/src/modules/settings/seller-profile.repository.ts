import { defaultSellerProfile, isSellerCountry, type SellerProfile } from '@dealradar/shared/fee-rules';
import type { Db } from '../../db/client.ts';

/**
 * The seller profile: country of establishment (null in the row = the primary region's country) and
 * VAT registration (users.vat_registered, default true). isDefault: no country saved yet.
 */
export async function findSellerProfile(db: Db, userId: string): Promise<SellerProfile & { isDefault: boolean }> {
  const row = await db.maybeOne<{ sellerCountry: string | null; vatRegistered: boolean; primaryCountry: string | null }>(
    'select seller_country as "sellerCountry", vat_registered as "vatRegistered", primary_country as "primaryCountry" from users where id = $1',
    [userId],
  );
  if (!row) return { ...defaultSellerProfile(null), isDefault: true };
  const fallback = defaultSellerProfile(row.primaryCountry);
  const country = isSellerCountry(row.sellerCountry) ? row.sellerCountry : fallback.country;
  return { country, vatRegistered: row.vatRegistered ?? true, isDefault: row.sellerCountry === null };
}

export async function updateSellerProfile(db: Db, userId: string, profile: SellerProfile): Promise<void> {
  await db.execute('update users set seller_country = $2, vat_registered = $3 where id = $1', [userId, profile.country, profile.vatRegistered]);
}
