import type { Db } from '../../db/client.ts';

/** A supplier or CSV Template scan that ended, as other modules see it (the scan-finished e-mail). */
export interface EndedScan {
  id: string;
  userId: string;
  kind: 'supplier' | 'csv_template';
  status: 'COMPLETED' | 'ERROR';
  fileName: string;
  error: string | null;
  totalEans: number;
  processedEans: number;
  matchedProducts: number;
  dealsFound: number;
}

/** Scans that ended (COMPLETED or ERROR) after `since` and ran at least `minSeconds`. */
export function listEndedScans(db: Db, since: Date, minSeconds: number): Promise<EndedScan[]> {
  return db.query<EndedScan>(
    `select s.id::text as id, s.user_id as "userId", s.kind, s.status, s.file_name as "fileName", s.error,
            s.total_eans as "totalEans", s.processed_eans as "processedEans", s.matched_products as "matchedProducts",
            s.deals_found as "dealsFound"
       from scans s
      where s.status in ('COMPLETED', 'ERROR') and s.completed_at > $1
        and s.completed_at - coalesce(s.started_at, s.created_at) >= make_interval(secs => $2)`,
    [since, minSeconds],
  );
}
