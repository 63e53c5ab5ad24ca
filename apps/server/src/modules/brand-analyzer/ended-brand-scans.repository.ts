import type { Db } from '../../db/client.ts';

/** A brand scan that ended, as other modules see it (the scan-finished e-mail). */
export interface EndedBrandScan {
  id: string;
  userId: string;
  status: 'COMPLETED' | 'ERROR';
  brands: string[];
  markets: string[];
  error: string | null;
  favorites: number;
}

/** Brand scans that ended (COMPLETED or ERROR) after `since` and ran at least `minSeconds`, with their favorites kept. */
export function listEndedBrandScans(db: Db, since: Date, minSeconds: number): Promise<EndedBrandScan[]> {
  return db.query<EndedBrandScan>(
    `select b.id::text as id, b.user_id as "userId", b.status, b.brands, b.markets, b.error,
            (select count(*)::int from brand_favorites f where f.scan_id = b.id) as favorites
       from brand_scans b
      where b.status in ('COMPLETED', 'ERROR') and b.finished_at > $1
        and b.finished_at - b.created_at >= make_interval(secs => $2)`,
    [since, minSeconds],
  );
}
