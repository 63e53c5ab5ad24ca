import fs from 'node:fs';
import path from 'node:path';
import type { ParsedSupplierFile } from './supplier-file.ts';

/** Uploaded supplier files live under DATA_DIR/uploads/<scanId>.csv until their scan ends. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function removeUpload(filePath: string | null | undefined): void {
  if (!filePath) return;
  fs.rm(filePath, { force: true }, () => undefined);
}

/**
 * The parse done while answering the start request, handed to the worker of the same process so a 50 MB file is
 * parsed once. A worker in another process (or after a restart) finds nothing here and parses the file again.
 */
const handoff = new Map<string, { parsed: ParsedSupplierFile; timer: NodeJS.Timeout }>();

export function handOffParsedFile(scanId: string, parsed: ParsedSupplierFile): void {
  const timer = setTimeout(() => handoff.delete(scanId), 5 * 60 * 1000);
  timer.unref();
  handoff.set(scanId, { parsed, timer });
}

export function takeParsedFile(scanId: string): ParsedSupplierFile | undefined {
  const entry = handoff.get(scanId);
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  handoff.delete(scanId);
  return entry.parsed;
}
