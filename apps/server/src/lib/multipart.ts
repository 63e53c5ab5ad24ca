import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_LENGTH } from '@dealradar/shared/input-limits';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors/app-error.ts';
import { refuseNul } from '../plugins/input-guard.ts';

export const NOT_MULTIPART_MESSAGE = 'Please upload the file as multipart/form-data with a field named file.';
export const MALFORMED_MULTIPART_MESSAGE = 'The upload arrived incomplete or is not a valid multipart form. Please upload the file again.';

export interface MultipartOptions {
  /** Bytes of the one file; more answers 413 with `tooLargeMessage`. */
  maxFileBytes: number;
  tooLargeMessage: string;
  maxFields?: number;
  /** Bytes of one text field. */
  maxFieldBytes?: number;
  /** Called for each file part in the field `file` (the first one); any other file part is skipped. */
  onFile(part: MultipartFile): Promise<void>;
}

/**
 * The one multipart reader of the API (supplier and CSV Template uploads, Keepa export imports): streams the parts,
 * answers the text fields, hands the file to `onFile`. Every failure is a sentence with a 4xx status: not multipart,
 * no/wrong boundary, a truncated body, too many parts, a file too large, a NUL in a field, field name or file name.
 * Only errors of our own disk (a system call failing) stay 500.
 */
export async function readMultipart(request: FastifyRequest, options: MultipartOptions): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART_MESSAGE);
  const fields: Record<string, string> = {};
  let sawFile = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes,
        files: 1,
        fields: options.maxFields ?? 20,
        fieldSize: options.maxFieldBytes ?? 10_000,
        parts: (options.maxFields ?? 20) + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        refuseNul(part.fieldname, value);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'file' || sawFile) {
        part.file.resume();
        continue;
      }
      refuseNul(part.fieldname, part.filename);
      sawFile = true;
      await options.onFile(part);
      if (part.file.truncated) throw new AppError('payload_too_large', options.tooLargeMessage);
    }
  } catch (error) {
    throw uploadError(error, options.tooLargeMessage);
  }
  return fields;
}

/**
 * The name to show for an uploaded file: without any folder part, and shortened to MAX_LENGTH.fileName characters
 * keeping its extension (a longer name cannot exist on a usual file system; it is shortened rather than refused).
 */
export function uploadFileName(raw: string | undefined, fallback: string): string {
  const name = path.basename((raw ?? '').replace(/\\/g, '/')).trim() || fallback;
  if (name.length <= MAX_LENGTH.fileName) return name;
  const ext = path.extname(name).slice(0, 16);
  return name.slice(0, MAX_LENGTH.fileName - ext.length) + ext;
}

function uploadError(error: unknown, tooLargeMessage: string): unknown {
  if (error instanceof AppError) return error;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (syscall) return error; // our disk, not the client's request
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', tooLargeMessage);
    case 'FST_FILES_LIMIT':
      return badRequest('Please upload one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The upload has too many form fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(NOT_MULTIPART_MESSAGE);
    default:
      // busboy: 'Multipart: Boundary not found', 'Unexpected end of form', 'Malformed part header', a premature close …
      return badRequest(MALFORMED_MULTIPART_MESSAGE);
  }
}
