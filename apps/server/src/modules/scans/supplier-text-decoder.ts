import iconv from 'iconv-lite';

/**
 * Decodes a supplier file chunk by chunk: UTF-8 (BOM dropped) while the bytes are valid UTF-8, otherwise
 * Windows-1252 (a superset of Latin-1 for printable text) from the first chunk that is not. Real supplier files are
 * one or the other; ASCII-only chunks read the same in both, so switching mid-file is safe.
 */
export class SupplierTextDecoder {
  private mode: 'utf8' | 'win1252' = 'utf8';
  private carry: Buffer = Buffer.alloc(0);
  private first = true;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  get encoding(): 'utf-8' | 'windows-1252' {
    return this.mode === 'utf8' ? 'utf-8' : 'windows-1252';
  }

  write(chunk: Buffer): string {
    let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    if (this.first) {
      if (buf.length < 3 && buf.length > 0 && buf[0] === 0xef) {
        this.carry = Buffer.from(buf);
        return '';
      }
      this.first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    if (this.mode === 'utf8') {
      const cut = incompleteUtf8Tail(buf);
      const body = cut ? buf.subarray(0, buf.length - cut) : buf;
      try {
        const text = this.utf8.decode(body);
        if (cut) this.carry = Buffer.from(buf.subarray(buf.length - cut));
        return text;
      } catch {
        this.mode = 'win1252';
      }
    }
    return iconv.decode(buf, 'win1252');
  }

  end(): string {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    if (!rest.length) return '';
    // An incomplete UTF-8 sequence at the very end is not UTF-8 text.
    this.mode = 'win1252';
    return iconv.decode(rest, 'win1252');
  }
}

/** Bytes at the end of buf that start a UTF-8 sequence not yet complete (0–3). */
function incompleteUtf8Tail(buf: Buffer): number {
  const n = buf.length;
  for (let back = 1; back <= Math.min(3, n); back += 1) {
    const byte = buf[n - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    if (byte < 0x80) return 0;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/** A quick look at the first bytes: binary files (NUL bytes, ZIP/XLSX, PDF, old XLS) are not CSV. */
export function looksBinary(head: Buffer): string | undefined {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    return 'The file is a ZIP or Excel (.xlsx) file, not a CSV. Please save it as CSV and upload it again.';
  }
  if (head.length >= 8 && head.readUInt32BE(0) === 0xd0cf11e0) {
    return 'The file is an old Excel (.xls) file, not a CSV. Please save it as CSV and upload it again.';
  }
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'The file is a PDF, not a CSV.';
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) {
    return 'The file is saved as UTF-16 text; please save it as CSV (UTF-8) and upload it again.';
  }
  const sample = head.subarray(0, 8192);
  if (sample.includes(0)) return 'The file is not a CSV text file (it contains binary data).';
  return undefined;
}
