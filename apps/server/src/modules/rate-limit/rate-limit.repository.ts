import type { Db } from '../../db/client.ts';

/** Adds one hit to the window and returns the window's count (shared by every process on the database). */
export async function addHit(db: Db, key: string, windowStart: Date): Promise<number> {
  const row = await db.one<{ hits: number }>(
    `insert into rate_limit_hits (key, window_start, hits) values ($1, $2, 1)
     on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
     returning hits`,
    [key, windowStart],
  );
  return row.hits;
}

export async function countHits(db: Db, key: string, windowStart: Date): Promise<number> {
  const row = await db.maybeOne<{ hits: number }>('select hits from rate_limit_hits where key = $1 and window_start = $2', [key, windowStart]);
  return row?.hits ?? 0;
}

export async function deleteWindowsBefore(db: Db, before: Date): Promise<number> {
  return db.execute('delete from rate_limit_hits where window_start < $1', [before]);
}

/** Deletes the windows of this key and of every longer key it starts (`key:…`). Keys are hex hashes: no LIKE wildcards. */
export async function deleteKeysStartingWith(db: Db, key: string): Promise<number> {
  return db.execute(`delete from rate_limit_hits where key = $1 or key like $2`, [key, `${key}:%`]);
}
