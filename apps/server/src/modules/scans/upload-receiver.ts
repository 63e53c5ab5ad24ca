import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { removeUpload, uploadsDir } from './scan-files.ts';

export interface ReceivedUpload {
  id: string;
  path: string;
  fileName: string;
  bytes: number;
  fields: Record<string, string>;
}

export const TOO_LARGE_MESSAGE = `The file is larger than 50 MB (${SUPPLIER_CSV_MAX_BYTES} bytes). Please split it and upload the parts.`;

/**
 * Streams a multipart upload (text fields + one `file`) straight to DATA_DIR/uploads/<id>.csv: never held in memory,
 * cut off at 52428800 bytes (413, nothing kept). Only .csv files; an empty file is refused.
 */
export async function receiveCsvUpload(request: FastifyRequest, dataDir: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Please upload the file as multipart/form-data with a field named file.');
  const id = crypto.randomUUID();
  const dir = uploadsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${id}.csv`);
  const fields: Record<string, string> = {};
  let fileName: string | undefined;
  let bytes = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: SUPPLIER_CSV_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || fileName !== undefined) {
        part.file.resume();
        continue;
      }
      fileName = path.basename(part.filename || 'upload.csv').slice(0, 200);
      if (!/\.csv$/i.test(fileName)) {
        part.file.resume();
        throw badRequest('Only CSV files (.csv) can be uploaded.');
      }
      part.file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await pipeline(part.file, fs.createWriteStream(target));
      if (part.file.truncated) throw new AppError('payload_too_large', TOO_LARGE_MESSAGE);
    }
  } catch (error) {
    removeUpload(target);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Please upload one file at a time.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Please upload the file as multipart/form-data with a field named file.');
    throw error;
  }
  if (fileName === undefined) throw badRequest('Please choose a CSV file to upload (form field file).');
  if (bytes === 0) {
    removeUpload(target);
    throw badRequest('The file is empty.');
  }
  return { id, path: target, fileName, bytes, fields };
}

/** Manual entry rows written as a small CSV so they take the same path as an upload. */
export async function writeManualEntryFile(dataDir: string, rows: Array<{ ean: string; brand: string; price?: number | null }>): Promise<ReceivedUpload> {
  const id = crypto.randomUUID();
  const dir = uploadsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${id}.csv`);
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = ['ean;brand;price', ...rows.map((r) => [quote(r.ean), quote(r.brand), r.price === null || r.price === undefined ? '' : String(r.price)].join(';'))];
  const text = `${lines.join('\n')}\n`;
  await fs.promises.writeFile(target, text, 'utf8');
  return { id, path: target, fileName: 'Manual entry', bytes: Buffer.byteLength(text), fields: {} };
}
