import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import { WRONG_FILE_TYPE_MESSAGE } from '@dealradar/shared/contracts/scans';
import { OLD_EXCEL_MESSAGE } from '@dealradar/shared/xlsx-reader';
import { badRequest } from '../../errors/app-error.ts';
import { NOT_MULTIPART_MESSAGE, readMultipart, uploadFileName } from '../../lib/multipart.ts';
import { removeUpload, uploadsDir } from './scan-files.ts';

export interface ReceivedUpload {
  id: string;
  path: string;
  fileName: string;
  bytes: number;
  fields: Record<string, string>;
}

/**
 * Bytes of the upload that may wait for the disk while the next ones are read from the socket. With the stream's
 * default (16 KiB) each 64 KiB piece of the socket waited for its write before the next was read (decision 0032).
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

export const TOO_LARGE_MESSAGE = `The file is larger than 50 MB (${SUPPLIER_CSV_MAX_BYTES} bytes). Please split it and upload the parts.`;

/**
 * The sentence for a file name the analyzers do not take: .xls gets "save it as .xlsx or .csv", anything but .csv and
 * .xlsx the SPEC's 'File type must be ...' naming both. (The content is checked when the file is read: a renamed file
 * is read as what it is, an .xls renamed to .xlsx gets the .xls sentence.)
 */
export function fileTypeProblem(fileName: string): string | undefined {
  if (/\.xls$/i.test(fileName)) return OLD_EXCEL_MESSAGE;
  if (!/\.(csv|xlsx)$/i.test(fileName)) return WRONG_FILE_TYPE_MESSAGE;
  return undefined;
}

/**
 * Streams a multipart upload (text fields + one `file`) straight to DATA_DIR/uploads/<id>.csv or .xlsx: never held in
 * memory, cut off at 52428800 bytes (413, nothing kept). Only .csv and .xlsx files; an empty file is refused.
 * Malformed forms and NUL characters are refused by the one multipart reader (lib/multipart.ts).
 */
export async function receiveSupplierUpload(
  request: FastifyRequest,
  dataDir: string,
  options: { tooLargeMessage?: string; missingFile?: string; maxFields?: number; anyName?: boolean } = {},
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART_MESSAGE);
  const id = crypto.randomUUID();
  const dir = uploadsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  let target = path.join(dir, `${id}.csv`);
  let fileName: string | undefined;
  let bytes = 0;
  let fields: Record<string, string>;
  try {
    fields = await readMultipart(request, {
      maxFileBytes: SUPPLIER_CSV_MAX_BYTES,
      tooLargeMessage: options.tooLargeMessage ?? TOO_LARGE_MESSAGE,
      maxFields: options.maxFields,
      async onFile(part) {
        fileName = uploadFileName(part.filename, 'upload.csv');
        const problem = options.anyName ? undefined : fileTypeProblem(fileName);
        if (problem) {
          part.file.resume();
          throw badRequest(problem);
        }
        if (/\.xlsx$/i.test(fileName)) target = path.join(dir, `${id}.xlsx`);
        part.file.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        await pipeline(part.file, fs.createWriteStream(target, { highWaterMark: WRITE_BUFFER_BYTES }));
      },
    });
  } catch (error) {
    removeUpload(target);
    throw error;
  }
  if (fileName === undefined) throw badRequest(options.missingFile ?? 'Please choose a CSV or XLSX file to upload (form field file).');
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
  const lines = [
    'ean;brand;price',
    ...rows.map((r) => [quote(r.ean), quote(r.brand), r.price === null || r.price === undefined ? '' : String(r.price)].join(';')),
  ];
  const text = `${lines.join('\n')}\n`;
  await fs.promises.writeFile(target, text, 'utf8');
  return { id, path: target, fileName: 'Manual entry', bytes: Buffer.byteLength(text), fields: {} };
}
