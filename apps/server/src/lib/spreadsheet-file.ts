import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { notASpreadsheetMessage } from '@dealradar/shared/spreadsheet-preview';
import { fileSignature, oleFileMessage, XlsxWorkbook, type XlsxOptions } from '@dealradar/shared/xlsx-reader';
import { SpreadsheetFileError, type ByteSource, type Inflater } from '@dealradar/shared/zip-reader';
import { badRequest } from '../errors/app-error.ts';

/**
 * Supplier files and Keepa exports on disk, read as CSV or XLSX by their bytes (the shared reader of
 * packages/shared/src/xlsx-reader.ts, with node:zlib inflating: about twice as fast as fflate's JavaScript inflate).
 */

/**
 * node:zlib's streaming raw inflate. It takes one compressed piece at a time: Readable.from reads 16 pieces ahead by
 * default, which kept every piece alive long enough to be promoted to V8's old generation (freed only by a full GC).
 */
export const nodeInflater: Inflater = (compressed) => Readable.from(compressed, { highWaterMark: 1 }).pipe(zlib.createInflateRaw());

/** Random access to a file (positioned reads, nothing held in memory). Close it when done. */
export async function openFileSource(filePath: string): Promise<ByteSource & { close(): Promise<void> }> {
  const handle = await fs.promises.open(filePath, 'r');
  const size = (await handle.stat()).size;
  return {
    size,
    async read(offset, length) {
      const want = Math.max(0, Math.min(length, size - offset));
      const buffer = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(buffer, got, want - got, offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return buffer.subarray(0, got);
    },
    close: () => handle.close(),
  };
}

export type SpreadsheetFormat = 'csv' | 'xlsx';

/**
 * What the stored file is: 'xlsx' (a ZIP), 'csv' (text); anything else is a 400 with a sentence (old .xls,
 * password-protected workbook, PDF, UTF-16, binary). The file's name plays no part: a renamed file is read as what it is.
 */
export async function spreadsheetFormat(filePath: string): Promise<SpreadsheetFormat> {
  const source = await openFileSource(filePath);
  try {
    const head = await source.read(0, 8192);
    const kind = fileSignature(head);
    if (kind === 'zip') return 'xlsx';
    if (kind === 'text') return 'csv';
    if (kind === 'ole') throw badRequest(await oleFileMessage(source));
    throw badRequest(notASpreadsheetMessage(kind));
  } finally {
    await source.close();
  }
}

/** Opens an XLSX file on disk; SpreadsheetFileError becomes a 400 with its sentence. */
export async function openWorkbook(filePath: string, options: XlsxOptions = {}): Promise<{ workbook: XlsxWorkbook; close(): Promise<void> }> {
  const source = await openFileSource(filePath);
  try {
    const workbook = await XlsxWorkbook.open(source, { inflate: nodeInflater, ...options });
    return { workbook, close: () => source.close() };
  } catch (error) {
    await source.close();
    throw asBadRequest(error);
  }
}

/** A SpreadsheetFileError as a 400 with the same sentence; anything else unchanged. */
export function asBadRequest(error: unknown): unknown {
  return error instanceof SpreadsheetFileError ? badRequest(error.message) : error;
}
