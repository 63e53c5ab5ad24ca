import type { FastifyRequest } from 'fastify';
import type { ManualUploadBody, Upload } from '@dealradar/shared/contracts/scans';
import type { TokenEstimateAnswer } from '@dealradar/shared/keepa-tokens';
import { readSpreadsheetPreview, type SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';
import type { MarketChoice } from '@dealradar/shared/best-market';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { openFileSource, spreadsheetFormat } from '../../lib/spreadsheet-file.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { removeUpload } from '../scans/scan-files.ts';
import * as scans from '../scans/scans.service.ts';
import type { SupplierColumns } from '../scans/supplier-file.ts';
import { receiveSupplierUpload, writeManualEntryFile, type ReceivedUpload } from '../scans/upload-receiver.ts';
import * as repo from './uploads.repository.ts';

/**
 * Uploads (docs/scans.md "How an upload flows"): a supplier file is streamed to DATA_DIR/uploads once (50 MB limit,
 * .csv/.xlsx by name and by content) and named by its id from then on. The preview, the token estimate and the start
 * of a scan read the stored file; the start hands the file to the scan (the scan's id is the upload's). An upload is
 * its user's, counts against nothing until a scan starts, and is removed with its file after UPLOAD_UNUSED_TTL_MS
 * without use.
 */

/** An upload not used (previewed, estimated, scanned) for this long is removed with its file. */
export const UPLOAD_UNUSED_TTL_MS = 60 * 60 * 1000;
export const UPLOAD_NOT_FOUND = 'Upload not found. Please upload the file again.';
export const UPLOAD_EXPIRED = 'This upload has expired (an upload is kept for an hour while it is not used). Please upload the file again.';
export const UPLOAD_ALREADY_SCANNED = 'A scan was already started from this upload. Please upload the file again to scan it once more.';

/** A stored file ready to be scanned (an upload, a manual entry, or a supplier list linked for a re-run). */
export interface StoredUpload {
  id: string;
  path: string;
  fileName: string;
  bytes: number;
  source: 'upload' | 'manual';
}

const storedOf = (row: repo.UploadRow): StoredUpload => ({ id: row.id, path: row.file_path, fileName: row.file_name, bytes: row.bytes, source: row.source });

/** The header and first rows of a stored file; a file that is not a spreadsheet is a 400 with the reader's sentence. */
async function previewOf(filePath: string, sheet?: string): Promise<SpreadsheetPreview> {
  const source = await openFileSource(filePath);
  try {
    return await readSpreadsheetPreview(source, sheet ? { sheet } : {});
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(error instanceof Error && error.message ? error.message : 'Failed to read CSV');
  } finally {
    await source.close();
  }
}

function answerOf(row: repo.UploadRow, preview: SpreadsheetPreview): Upload {
  return {
    uploadId: row.id,
    fileName: row.file_name,
    bytes: row.bytes,
    source: row.source,
    expiresAt: new Date(row.last_used_at.getTime() + UPLOAD_UNUSED_TTL_MS).toISOString(),
    preview,
  };
}

/** Checks a received file by its content, reads its preview and records it; a refused file is removed. */
async function record(
  deps: AppDeps,
  user: CurrentUser,
  received: ReceivedUpload,
  source: 'upload' | 'manual',
): Promise<{ row: repo.UploadRow; preview: SpreadsheetPreview }> {
  try {
    await spreadsheetFormat(received.path);
    const preview = await previewOf(received.path);
    const row = await repo.insertUpload(deps.db, {
      id: received.id,
      userId: user.id,
      organizationId: user.organizationId,
      source,
      fileName: received.fileName,
      filePath: received.path,
      bytes: received.bytes,
      now: deps.clock.now(),
    });
    return { row, preview };
  } catch (error) {
    removeUpload(received.path);
    throw error;
  }
}

/** POST /uploads: the multipart file streamed to disk once and recorded. */
export async function receiveUpload(deps: AppDeps, user: CurrentUser, request: FastifyRequest): Promise<Upload> {
  const received = await receiveSupplierUpload(request, deps.config.DATA_DIR);
  const { row, preview } = await record(deps, user, received, 'upload');
  return answerOf(row, preview);
}

/** POST /uploads/manual: the rows written as a small CSV (columns ean, brand, price) and recorded like a file. */
export async function storeManualUpload(deps: AppDeps, user: CurrentUser, body: ManualUploadBody): Promise<Upload> {
  const received = await writeManualEntryFile(deps.config.DATA_DIR, body.rows);
  const { row, preview } = await record(deps, user, received, 'manual');
  return answerOf(row, preview);
}

/**
 * The user's upload that no scan took yet: unknown, malformed or another user's ids are 404; an upload past its time is
 * removed with its file and refused with a sentence.
 */
async function openUpload(deps: AppDeps, user: CurrentUser, id: string): Promise<repo.UploadRow> {
  const row = isUuid(id) ? await repo.findUserUpload(deps.db, id, user.id) : undefined;
  if (!row) throw notFound(UPLOAD_NOT_FOUND);
  if (row.scan_started_at) throw conflict(UPLOAD_ALREADY_SCANNED);
  if (row.last_used_at.getTime() + UPLOAD_UNUSED_TTL_MS <= deps.clock.now().getTime()) {
    await repo.deleteUpload(deps.db, row.id);
    removeUpload(row.file_path);
    throw notFound(UPLOAD_EXPIRED);
  }
  return row;
}

async function useUpload(deps: AppDeps, user: CurrentUser, id: string): Promise<repo.UploadRow> {
  const row = await openUpload(deps, user, id);
  await repo.touchUpload(deps.db, row.id, deps.clock.now());
  return row;
}

/** GET /uploads/{id}/preview?sheet= */
export async function previewUpload(deps: AppDeps, user: CurrentUser, id: string, sheet?: string): Promise<SpreadsheetPreview> {
  const row = await useUpload(deps, user, id);
  return previewOf(row.file_path, sheet);
}

/** POST /uploads/{id}/token-estimate: one read of the stored file for the EAN column (and its checks). */
export async function estimateUploadTokens(
  deps: AppDeps,
  user: CurrentUser,
  id: string,
  input: { market: MarketChoice; eanColumn: string; sheet?: string },
): Promise<TokenEstimateAnswer> {
  const row = await useUpload(deps, user, id);
  return scans.estimateScanTokens(deps, user, { path: row.file_path, source: row.source, ...input });
}

export interface ScanOfUpload {
  kind: 'supplier' | 'csv_template';
  market: MarketChoice;
  columns: SupplierColumns;
  minRoi?: number;
  afterInsert?: (tx: Db, scan: scans.StartedScan['scan']) => Promise<void>;
}

/**
 * Starts a scan of a stored file: the scan takes the upload's id and file, and the upload is marked as scanned in
 * the scan's transaction (a second start of the same id is refused). A refused start leaves the upload as it was.
 */
export async function startScanOfStored(deps: AppDeps, user: CurrentUser, upload: StoredUpload, input: ScanOfUpload): Promise<scans.StartedScan> {
  return scans.startScan(deps, user, {
    ...input,
    upload,
    source: upload.source,
    afterInsert: async (tx, scan) => {
      if (!(await repo.markScanStarted(tx, upload.id, deps.clock.now()))) throw conflict(UPLOAD_ALREADY_SCANNED);
      await input.afterInsert?.(tx, scan);
    },
  });
}

/** POST /supplier-analyzer/scans, POST /catalog/scans: a scan of the user's upload with its mapping. */
export async function startScanOfUpload(deps: AppDeps, user: CurrentUser, id: string, input: ScanOfUpload): Promise<scans.StartedScan> {
  const row = await openUpload(deps, user, id);
  return startScanOfStored(deps, user, storedOf(row), input);
}

/**
 * A file that arrived with its start request (SPEC §7's multipart start, the manual entry's JSON start) or a supplier list
 * linked for a re-run: recorded as an upload and scanned at once; refused, it is removed with its record.
 */
export async function startScanOfReceived(
  deps: AppDeps,
  user: CurrentUser,
  received: ReceivedUpload,
  source: 'upload' | 'manual',
  input: ScanOfUpload,
): Promise<scans.StartedScan> {
  const upload: StoredUpload = { id: received.id, path: received.path, fileName: received.fileName, bytes: received.bytes, source };
  try {
    await repo.insertUpload(deps.db, {
      id: upload.id,
      userId: user.id,
      organizationId: user.organizationId,
      source,
      fileName: upload.fileName,
      filePath: upload.path,
      bytes: upload.bytes,
      now: deps.clock.now(),
    });
    return await startScanOfStored(deps, user, upload, input);
  } catch (error) {
    await discardUpload(deps, upload);
    throw error;
  }
}

/**
 * A file sent with a request that only needs it once (the multipart token estimate): stored, used, removed.
 */
export async function withReceivedFile<T>(received: ReceivedUpload, use: (upload: StoredUpload) => Promise<T>): Promise<T> {
  try {
    return await use({ id: received.id, path: received.path, fileName: received.fileName, bytes: received.bytes, source: 'upload' });
  } finally {
    removeUpload(received.path);
  }
}

async function discardUpload(deps: Pick<AppDeps, 'db'>, upload: StoredUpload): Promise<void> {
  await repo.deleteUpload(deps.db, upload.id).catch(() => undefined);
  removeUpload(upload.path);
}

/** Every few minutes (uploads-cleanup): uploads unused for UPLOAD_UNUSED_TTL_MS go, with the files no scan took. */
export async function cleanupUnusedUploads(deps: Pick<AppDeps, 'clock' | 'db'>): Promise<{ uploads: number }> {
  const files = await repo.deleteUnusedUploads(deps.db, new Date(deps.clock.now().getTime() - UPLOAD_UNUSED_TTL_MS));
  for (const file of files) removeUpload(file);
  return { uploads: files.length };
}
