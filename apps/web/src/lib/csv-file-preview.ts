import { parseCsvPreview, type CsvPreview } from '@dealradar/shared/csv';

/** How much of a file the browser reads to show the mapping dialog's header and first rows. */
export const PREVIEW_BYTES = 64 * 1024;

/**
 * Header + first 3 rows of a CSV file for the column-mapping dialog (SPEC §5), read from the first 64 KiB.
 * UTF-8 first; a file that is not valid UTF-8 is read as Windows-1252 so that header names match what
 * the server reads. Throws Error('Failed to read CSV') when the file has no header.
 */
export async function readCsvFilePreview(file: Blob): Promise<CsvPreview> {
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const complete = file.size <= PREVIEW_BYTES;
  let text: string;
  try {
    // stream: true keeps a multi-byte character cut at the slice's end from counting as invalid.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  try {
    return parseCsvPreview(text, { complete });
  } catch {
    throw new Error('Failed to read CSV');
  }
}
