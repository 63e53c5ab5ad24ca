import type { SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';

/**
 * Header + first 3 data rows (and sample rows for the column guesses) of a supplier file, CSV or XLSX, for the
 * column-mapping dialog (SPEC §5, issue 11). The format is decided by the file's bytes, as on the server. Only the
 * first 64 KiB of a CSV are read; of an XLSX only its directory and the first rows of the sheet. The reader is loaded
 * when a file is dropped (it brings the ZIP inflater), not with the screen.
 *
 * Throws Error with a sentence for the user: 'Failed to read CSV' for a CSV without a header, the shared reader's
 * sentence for an old .xls, a password-protected workbook, a PDF and so on.
 */
export async function readSupplierFilePreview(file: Blob, sheet?: string): Promise<SpreadsheetPreview> {
  const [{ readSpreadsheetPreview }, { blobSource }] = await Promise.all([
    import('@dealradar/shared/spreadsheet-preview'),
    import('@dealradar/shared/zip-reader'),
  ]);
  try {
    return await readSpreadsheetPreview(blobSource(file), sheet ? { sheet } : {});
  } catch (error) {
    throw new Error(error instanceof Error && error.message ? error.message : 'Failed to read CSV', { cause: error });
  }
}
