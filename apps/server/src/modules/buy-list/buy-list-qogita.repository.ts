import type { Db } from '../../db/client.ts';

/** Records what the Qogita watchlist accepted for a line (EUR target price, quantity). */
export async function saveWatchlistSent(db: Db, organizationId: string, id: string, targetPrice: number, targetQuantity: number, now: Date): Promise<void> {
  await db.execute(
    `update buy_list_lines set watchlist_target_price = $3, watchlist_target_quantity = $4, watchlist_sent_at = $5
      where organization_id = $1 and id = $2`,
    [organizationId, id, targetPrice, targetQuantity, now],
  );
}
