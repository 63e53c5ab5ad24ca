import { CSV_PREVIEW_ROWS } from './constants.ts';
import { normalizeHeaders, parseCsvPreview, PREVIEW_SAMPLE_ROWS, type CsvPreview } from './csv.ts';
import { detectHeaderRow, HEADER_SEARCH_ROWS } from './table-header.ts';
import { fileSignature, oleFileMessage, XlsxWorkbook } from './xlsx-reader.ts';
import { SpreadsheetFileError, type ByteSource } from './zip-reader.ts';

/**
 * The mapping dialog's preview of a supplier file, CSV or XLSX, decided by the file's bytes (not its name): the detected
 * header, the first 3 data rows, the skipped lines above the header, sample rows for guessing, and for XLSX the sheets.
 * Reads the first 64 KiB of a CSV; of an XLSX only the directory, the workbook and the first rows of the sheet.
 * Throws SpreadsheetFileError with a sentence for files that are not a price list (old .xls, password-protected,
 * .ods, PDF, …) and Error('Failed to read CSV') for a CSV without a header.
 */
export const PREVIEW_BYTES = 64 * 1024;

export type SpreadsheetPreview = CsvPreview & { format: 'csv' | 'xlsx' };

interface TextDecoderLike {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}
type TextDecoderClass = new (label: string, options?: { fatal?: boolean }) => TextDecoderLike;

/** UTF-8, or Windows-1252 when the bytes are not valid UTF-8 (what the server reads too). */
function decodeText(bytes: Uint8Array, complete: boolean): string {
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderClass }).TextDecoder;
  try {
    return new Decoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    return new Decoder('windows-1252').decode(bytes);
  }
}

export function notASpreadsheetMessage(kind: 'pdf' | 'utf16' | 'binary'): string {
  if (kind === 'pdf') return 'The file is a PDF, not a price list. Please upload it as .xlsx or .csv.';
  if (kind === 'utf16') return 'The file is saved as UTF-16 text; please save it as CSV (UTF-8) or .xlsx and upload it again.';
  return 'The file is neither a CSV text file nor an Excel workbook (.xlsx): it contains binary data.';
}

export async function readSpreadsheetPreview(source: ByteSource, options: { sheet?: string } = {}): Promise<SpreadsheetPreview> {
  const head = await source.read(0, Math.min(source.size, PREVIEW_BYTES));
  const kind = fileSignature(head);
  if (kind === 'ole') throw new SpreadsheetFileError(await oleFileMessage(source));
  if (kind === 'pdf' || kind === 'utf16' || kind === 'binary') throw new SpreadsheetFileError(notASpreadsheetMessage(kind));
  if (kind === 'text') {
    try {
      return { ...parseCsvPreview(decodeText(head, source.size <= PREVIEW_BYTES), { complete: source.size <= PREVIEW_BYTES }), format: 'csv' };
    } catch {
      throw new Error('Failed to read CSV');
    }
  }
  const workbook = await XlsxWorkbook.open(source);
  const sheet = workbook.sheet(options.sheet);
  const rows = await workbook.firstRows(sheet, HEADER_SEARCH_ROWS + PREVIEW_SAMPLE_ROWS);
  if (!rows.length) throw new SpreadsheetFileError(`The sheet '${sheet.name}' is empty.`);
  const found = detectHeaderRow(
    rows.map((r) => r.cells),
    rows.map((r) => r.row),
  );
  const headers = normalizeHeaders(rows[found.index]!.cells);
  const data = rows.slice(found.index + 1).map((r) => headers.map((_, i) => r.cells[i] ?? ''));
  return {
    format: 'xlsx',
    delimiter: ',',
    headers,
    rows: data.slice(0, CSV_PREVIEW_ROWS),
    headerLine: rows[found.index]!.row,
    skippedLines: found.skipped,
    sampleRows: data.slice(0, PREVIEW_SAMPLE_ROWS),
    sheets: workbook.sheetNames,
    sheet: sheet.name,
  };
}
