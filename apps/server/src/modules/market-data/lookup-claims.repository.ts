import type { MarketId } from '@dealradar/shared/markets';
import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';
import type { CacheKeyType } from './market-data.repository.ts';

/**
 * Claims on cache keys being fetched upstream (table market_lookup_claims, PostgreSQL only): one process fetches a
 * key, the others wait for its answer in the cache. The database's clock decides expiry, so processes whose clocks
 * differ agree on it. Keys go as one comma-separated text (codes and ASINs hold no comma), as in readFreshCache.
 */

/**
 * Claims the keys that are free, whose claim expired or whose claimant's process died (its lease is gone: a restarted
 * worker resuming a scan must not wait out the dead process's claims), set-wise in one statement; returns the keys now
 * claimed by `owner`. The keys are inserted in sorted order so two callers claiming overlapping sets wait for each
 * other instead of deadlocking.
 */
export async function claimLookupKeys(
  db: Db,
  market: MarketId,
  keyType: CacheKeyType,
  keys: string[],
  owner: { id: string; leaseId: number | null },
  ttlMs: number,
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.query<{ key: string }>(
    `insert into market_lookup_claims (market, key_type, key, claimed_by, lease_id, claimed_until)
     select $1, $2, k, $4, $6, now() + make_interval(secs => $5)
       from (select distinct unnest(string_to_array($3, ',')) as k) as keys
      order by k
     on conflict (market, key_type, key) do update
       set claimed_by = excluded.claimed_by, lease_id = excluded.lease_id, claimed_until = excluded.claimed_until
       where market_lookup_claims.claimed_until < now() or ${leaseGoneSql('market_lookup_claims.lease_id')}
     returning key`,
    [market, keyType, keys.join(','), owner.id, ttlMs / 1000, owner.leaseId],
  );
  return new Set(rows.map((r) => r.key));
}

/** Extends every claim `owner` still holds (a fetch slowed down by Keepa's token waits keeps its keys). */
export async function renewLookupClaims(db: Db, owner: string, ttlMs: number): Promise<void> {
  await db.execute(`update market_lookup_claims set claimed_until = now() + make_interval(secs => $2) where claimed_by = $1`, [owner, ttlMs / 1000]);
}

/** Releases `owner`'s claims on these keys (after their answers are in the cache, or when giving up). */
export async function releaseLookupClaims(db: Db, market: MarketId, keyType: CacheKeyType, keys: string[], owner: string): Promise<void> {
  if (!keys.length) return;
  await db.execute(
    `delete from market_lookup_claims
      where market = $1 and key_type = $2 and key = any(string_to_array($3, ',')) and claimed_by = $4`,
    [market, keyType, keys.join(','), owner],
  );
}
