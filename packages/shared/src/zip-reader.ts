import { Inflate, strFromU8 } from 'fflate';

/**
 * Random-access ZIP reading for XLSX files, in the browser (a File/Blob read by slices) and on the server (a file on
 * disk). Only the central directory and the parts asked for are read; each part is inflated as a stream, so memory
 * stays bounded whatever the file's size. Zip bombs are refused: a part that unpacks to more than it declares, or
 * declares more than the caller's cap, stops at once with a sentence.
 */

/** Bytes that can be read at any offset (a Blob in the browser, a file handle on the server, an array in tests). */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A file the user cannot upload as it is; the message is a sentence for the user. */
export class SpreadsheetFileError extends Error {}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)) };
}

/** The part of the Blob/File interface used here (structural, so this module needs no DOM types). */
export interface BlobLike {
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export function blobSource(blob: BlobLike): ByteSource {
  return { size: blob.size, read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()) };
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Uncompressed size as the central directory declares it. */
  size: number;
  localOffset: number;
  encrypted: boolean;
}

/** Turns a stream of compressed (raw DEFLATE) chunks into uncompressed chunks. The server passes node:zlib's. */
export type Inflater = (compressed: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

/**
 * fflate's streaming inflate (pure JavaScript, works everywhere). Compressed bytes are pushed in 16 KiB pieces so one
 * piece of a zip bomb (DEFLATE packs at most ~1,032:1) unpacks to at most ~17 MB before the caller's cap is checked.
 */
export const fflateInflater: Inflater = async function* inflate(compressed) {
  const out: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    out.push(chunk);
  });
  for await (const chunk of compressed) {
    for (let at = 0; at < chunk.length; at += 16384) {
      inflater.push(chunk.subarray(at, Math.min(chunk.length, at + 16384)), false);
      while (out.length) yield out.shift()!;
    }
  }
  inflater.push(new Uint8Array(0), true);
  while (out.length) yield out.shift()!;
};

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 0x100000000;

const NOT_A_ZIP = 'The file could not be read as an Excel workbook (.xlsx): it is damaged or not a ZIP archive. Please save it again as .xlsx or .csv.';

/** Reads the central directory (end record at the file's end, ZIP64 aware). */
export async function readZipDirectory(source: ByteSource): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(source.size, 65557);
  const tail = await source.read(source.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new SpreadsheetFileError(NOT_A_ZIP);
  let count = u16(tail, eocd + 10);
  let cdSize = u32(tail, eocd + 12);
  let cdOffset = u32(tail, eocd + 16);
  if (cdOffset === 0xffffffff || count === 0xffff || cdSize === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || u32(tail, locator) !== 0x07064b50) throw new SpreadsheetFileError(NOT_A_ZIP);
    const zip64At = u64(tail, locator + 8);
    const zip64 = await source.read(zip64At, 56);
    if (u32(zip64, 0) !== 0x06064b50) throw new SpreadsheetFileError(NOT_A_ZIP);
    count = u64(zip64, 32);
    cdSize = u64(zip64, 40);
    cdOffset = u64(zip64, 48);
  }
  if (cdOffset + cdSize > source.size || count > 100_000 || cdSize > 64 * 1024 * 1024) throw new SpreadsheetFileError(NOT_A_ZIP);
  const cd = await source.read(cdOffset, cdSize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > cd.length || u32(cd, at) !== 0x02014b50) throw new SpreadsheetFileError(NOT_A_ZIP);
    const flags = u16(cd, at + 8);
    const method = u16(cd, at + 10);
    let compressedSize = u32(cd, at + 20);
    let size = u32(cd, at + 24);
    const nameLength = u16(cd, at + 28);
    const extraLength = u16(cd, at + 30);
    const commentLength = u16(cd, at + 32);
    let localOffset = u32(cd, at + 42);
    const nameBytes = cd.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x800 ? strFromU8(nameBytes) : strFromU8(nameBytes, true);
    // ZIP64 extra field: the 0xffffffff values follow in order size, compressed size, offset.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = u16(cd, extra);
      const length = u16(cd, extra + 2);
      if (id === 0x0001) {
        let p = extra + 4;
        if (size === 0xffffffff) {
          size = u64(cd, p);
          p += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(cd, p);
          p += 8;
        }
        if (localOffset === 0xffffffff) {
          localOffset = u64(cd, p);
        }
      }
      extra += 4 + length;
    }
    entries.set(name.replace(/\\/g, '/').replace(/^\//, ''), { name, method, compressedSize, size, localOffset, encrypted: (flags & 1) === 1 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface EntryReadOptions {
  inflate?: Inflater;
  /** Refuse the part when it declares (or unpacks to) more than this many bytes. */
  maxBytes: number;
  /** Refuse a part larger than 1 MB that declares more than this many bytes per compressed byte (DEFLATE bombs pack ~1,000:1; sheet XML ~5–30:1). */
  maxRatio?: number;
  /** The sentence for a part over maxBytes or maxRatio. */
  tooLarge: string;
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
}

/**
 * Compressed bytes are read in pieces of this size, so that a piece dies young. A 256 KiB piece stayed alive while
 * ~1.4 MB of XML was parsed from it, was promoted to V8's old generation and freed only by a full GC: ~30 MB of such
 * pieces waited during a 50 MB workbook's scan, and while they did the process kept the upload's freed buffers too
 * (docs/decisions/0030-scan-time-and-memory.md).
 */
const READ_PIECE = 16 * 1024;

/** The uncompressed bytes of one part, as a stream of chunks. */
export async function* readZipEntry(source: ByteSource, entry: ZipEntry, options: EntryReadOptions): AsyncIterable<Uint8Array> {
  if (entry.encrypted)
    throw new SpreadsheetFileError('The workbook is password-protected. Please remove the password in Excel, save it as .xlsx, and upload it again.');
  if (entry.method !== 0 && entry.method !== 8)
    throw new SpreadsheetFileError(
      `The workbook uses a compression this reader does not know (method ${entry.method}). Please save it again as .xlsx or .csv.`,
    );
  if (entry.size > options.maxBytes) throw new SpreadsheetFileError(options.tooLarge);
  if (options.maxRatio && entry.size > 1024 * 1024 && entry.size > options.maxRatio * Math.max(1, entry.compressedSize))
    throw new SpreadsheetFileError(options.tooLarge);
  const header = await source.read(entry.localOffset, 30);
  if (header.length < 30 || u32(header, 0) !== 0x04034b50) throw new SpreadsheetFileError(NOT_A_ZIP);
  const start = entry.localOffset + 30 + u16(header, 26) + u16(header, 28);
  const end = start + entry.compressedSize;
  if (end > source.size) throw new SpreadsheetFileError(NOT_A_ZIP);
  async function* compressed(): AsyncIterable<Uint8Array> {
    for (let at = start; at < end; at += READ_PIECE) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      yield await source.read(at, Math.min(READ_PIECE, end - at));
    }
  }
  const chunks = entry.method === 0 ? compressed() : (options.inflate ?? fflateInflater)(compressed());
  let produced = 0;
  for await (const chunk of chunks) {
    produced += chunk.length;
    if (produced > entry.size) {
      throw new SpreadsheetFileError(
        'The workbook is damaged: one of its parts unpacks to more than it declares (this is how zip bombs look). Please save it again as .xlsx or .csv.',
      );
    }
    yield chunk;
  }
}
