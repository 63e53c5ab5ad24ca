import type { Db } from '../../db/client.ts';
import type { FavoriteRow } from '../brand-analyzer/favorites.repository.ts';

/** One of the user's brand favorites (favorites are the user's own, like the brand scans that made them). */
export function findUserFavorite(db: Db, userId: string, id: string): Promise<FavoriteRow | undefined> {
  return db.maybeOne<FavoriteRow>('select * from brand_favorites where id = $1 and user_id = $2', [id, userId]);
}
