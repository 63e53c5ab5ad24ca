import { SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import { WRONG_FILE_TYPE_MESSAGE } from '@dealradar/shared/contracts/scans';
import { OLD_EXCEL_MESSAGE } from '@dealradar/shared/xlsx-reader';

/**
 * Which files the drop zones of the Supplier Level Analyzer, the CSV Template Analyzer and the Keepa export import take
 * (SPEC §5, issue 11): .csv or .xlsx, at most 52428800 bytes. Pure rules, tested in supplier-file-rules.test.ts.
 */
export const SUPPLIER_FILE_ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};
/** The same for a plain file input's accept attribute. */
export const SUPPLIER_FILE_ACCEPT_ATTRIBUTE = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const TOO_LARGE_MESSAGE = `The file is larger than 50 MB (${SUPPLIER_CSV_MAX_BYTES} bytes).`;

/** The sentence for a file the drop zone refuses, or null when it is taken. */
export function supplierFileProblem(file: { name: string; size: number }): string | null {
  if (/\.xls$/i.test(file.name)) return OLD_EXCEL_MESSAGE;
  if (!/\.(csv|xlsx)$/i.test(file.name)) return WRONG_FILE_TYPE_MESSAGE;
  if (file.size > SUPPLIER_CSV_MAX_BYTES) return TOO_LARGE_MESSAGE;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

interface Rejection {
  file: { name: string; size: number };
  errors: ReadonlyArray<{ code: string; message: string }>;
}

/** One sentence per distinct reason the drop zone refused files (react-dropzone's rejections), in SPEC's words. */
export function rejectionMessages(rejections: readonly Rejection[], tooManyMessage = 'Too many files'): string[] {
  const messages = new Set<string>();
  for (const rejection of rejections) {
    if (rejection.errors.some((e) => e.code === 'too-many-files')) {
      messages.add(tooManyMessage);
      continue;
    }
    messages.add(supplierFileProblem(rejection.file) ?? rejection.errors[0]?.message ?? 'The file was rejected.');
  }
  return [...messages];
}
