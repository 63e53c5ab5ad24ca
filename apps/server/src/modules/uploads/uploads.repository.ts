import type { Db } from '../../db/client.ts';

/** SQL of the uploads table (migration 0048). Sizes are bigint: read as numbers (a file is at most 50 MB). */

export interface UploadRow {
  id: string;
  user_id: string;
  organization_id: string;
  source: 'upload' | 'manual';
  file_name: string;
  file_path: string;
  bytes: number;
  created_at: Date;
  last_used_at: Date;
  scan_started_at: Date | null;
}

export async function insertUpload(
  db: Db,
  row: { id: string; userId: string; organizationId: string; source: 'upload' | 'manual'; fileName: string; filePath: string; bytes: number; now: Date },
): Promise<UploadRow> {
  const inserted = await db.one<UploadRow>(
    `insert into uploads (id, user_id, organization_id, source, file_name, file_path, bytes, created_at, last_used_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning *`,
    [row.id, row.userId, row.organizationId, row.source, row.fileName, row.filePath, row.bytes, row.now],
  );
  return { ...inserted, bytes: Number(inserted.bytes) };
}

/** The user's upload (another user's is not found). */
export async function findUserUpload(db: Db, id: string, userId: string): Promise<UploadRow | undefined> {
  const row = await db.maybeOne<UploadRow>('select * from uploads where id = $1 and user_id = $2', [id, userId]);
  return row && { ...row, bytes: Number(row.bytes) };
}

export async function touchUpload(db: Db, id: string, now: Date): Promise<void> {
  await db.execute('update uploads set last_used_at = $2 where id = $1', [id, now]);
}

/** Marks the upload as scanned, once: false when a scan already started from it (two starts at once). */
export async function markScanStarted(db: Db, id: string, now: Date): Promise<boolean> {
  return (await db.execute('update uploads set scan_started_at = $2, last_used_at = $2 where id = $1 and scan_started_at is null', [id, now])) === 1;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.execute('delete from uploads where id = $1', [id]);
}

/**
 * Removes the uploads not used after `before` and answers the files that were still theirs (a scanned upload's file
 * belongs to its scan and stays).
 */
export async function deleteUnusedUploads(db: Db, before: Date): Promise<string[]> {
  const rows = await db.query<{ file_path: string; scan_started_at: Date | null }>(
    'delete from uploads where last_used_at <= $1 returning file_path, scan_started_at',
    [before],
  );
  return rows.filter((r) => r.scan_started_at === null).map((r) => r.file_path);
}
