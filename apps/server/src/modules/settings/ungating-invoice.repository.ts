import type { Db } from '../../db/client.ts';

/** The units of an ungating invoice the user plans for (default 10; docs/sales-estimate.md). */
export async function findUngatingInvoiceUnits(db: Db, userId: string): Promise<number> {
  const row = await db.maybeOne<{ units: number }>('select ungating_invoice_units as units from users where id = $1', [userId]);
  return row?.units ?? 10;
}

export async function updateUngatingInvoiceUnits(db: Db, userId: string, units: number): Promise<number> {
  const row = await db.one<{ units: number }>('update users set ungating_invoice_units = $2 where id = $1 returning ungating_invoice_units as units', [
    userId,
    units,
  ]);
  return row.units;
}
