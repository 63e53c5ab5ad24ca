import type { Db } from '../../db/client.ts';

/** Whether the user reclaims VAT (profit is computed net of VAT then); true when unknown. */
export async function findUserVatRegistered(db: Db, userId: string): Promise<boolean> {
  const row = await db.maybeOne<{ vat_registered: boolean }>('select vat_registered from users where id = $1', [userId]);
  return row?.vat_registered ?? true;
}
