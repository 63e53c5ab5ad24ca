import type { AppDeps } from '../../src/deps.ts';
import type { TestUser } from './users.ts';

/** The columns of a supplier or CSV Template scan row a test may set; the rest take a finished supplier scan's values. */
export interface ScanRowFields {
  kind?: 'supplier' | 'csv_template';
  fileName?: string;
  status?: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'ERROR' | 'CANCELLED';
  totalEans?: number;
  processedEans?: number;
  matchedProducts?: number;
  dealsFound?: number;
  error?: string | null;
  attempts?: number;
  heartbeatAt?: Date | null;
  ownerLease?: number | null;
  workerToken?: string | null;
  createdAt?: Date;
  startedAt?: Date | null;
  completedAt?: Date | null;
}

const COLUMNS: Record<keyof ScanRowFields, string> = {
  kind: 'kind',
  fileName: 'file_name',
  status: 'status',
  totalEans: 'total_eans',
  processedEans: 'processed_eans',
  matchedProducts: 'matched_products',
  dealsFound: 'deals_found',
  error: 'error',
  attempts: 'attempts',
  heartbeatAt: 'heartbeat_at',
  ownerLease: 'owner_lease',
  workerToken: 'worker_token',
  createdAt: 'created_at',
  startedAt: 'started_at',
  completedAt: 'completed_at',
};

/**
 * A scan row of `user` written straight to the database, as a worker would have left it (for tests of what reads scans:
 * the system screen, the scan-finished e-mails, account deletion). Answers its id.
 */
export async function createScanRow(deps: Pick<AppDeps, 'db' | 'clock'>, user: TestUser, fields: ScanRowFields = {}): Promise<string> {
  const now = deps.clock.now();
  const values: Record<string, unknown> = {
    kind: 'supplier',
    file_name: 'list.csv',
    status: 'COMPLETED',
    created_at: now,
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [COLUMNS[key as keyof ScanRowFields], value])),
  };
  values.updated_at = values.completed_at ?? values.created_at;
  const columns = ['user_id', 'organization_id', 'market', 'ean_column', 'brand_column', ...Object.keys(values)];
  const params = [user.id, user.organizationId, 'DE', 'EAN', 'Brand', ...Object.values(values)];
  const row = await deps.db.one<{ id: string }>(
    `insert into scans (${columns.join(', ')}) values (${params.map((_, i) => `$${i + 1}`).join(', ')}) returning id::text`,
    params,
  );
  return row.id;
}

/** A brand scan row of `user` that ran from `createdAt` to `finishedAt` (default: finished now). */
export async function createBrandScanRow(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: TestUser,
  fields: { status?: 'COMPLETED' | 'ERROR'; brands?: string[]; markets?: string[]; createdAt?: Date; finishedAt?: Date } = {},
): Promise<string> {
  const finishedAt = fields.finishedAt ?? deps.clock.now();
  const row = await deps.db.one<{ id: string }>(
    `insert into brand_scans (user_id, status, brands, markets, min_roi, created_at, updated_at, finished_at)
     values ($1, $2, $3, $4, 0.15, $5, $6, $6) returning id::text`,
    [user.id, fields.status ?? 'COMPLETED', fields.brands ?? ['Nivea'], fields.markets ?? ['DE'], fields.createdAt ?? finishedAt, finishedAt],
  );
  return row.id;
}
