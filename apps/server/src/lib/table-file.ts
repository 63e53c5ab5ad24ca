import fs from 'node:fs';
import { CsvFormatError, CsvRecordParser, detectCsvLayout, type CsvDelimiter } from '@dealradar/shared/csv';
import { detectHeaderRow, HEADER_SEARCH_ROWS, type SkippedLine } from '@dealradar/shared/table-header';
import { badRequest } from '../errors/app-error.ts';
import { SupplierTextDecoder, looksBinary } from '../modules/scans/supplier-text-decoder.ts';
import { asBadRequest, openWorkbook, spreadsheetFormat, type SpreadsheetFormat } from './spreadsheet-file.ts';

/**
 * A table file on disk (a supplier price list, a Keepa export), CSV or XLSX by its bytes, streamed row by row with
 * bounded memory: the header is the first row that looks like one (title, date and blank lines above it are skipped
 * and reported, shared table-header.ts), then every data row goes to the sink. File-level problems are 400s with a
 * sentence ('The file is empty.', an unreadable workbook, an unknown sheet, …).
 */
export interface TableSink {
  /** The header row (its cells as written); answers the columns whose text is needed (null: all). */
  header(cells: string[], line: number, skipped: SkippedLine[]): number[] | null;
  /** A data row; `cells` may be reused after the call (copy what you keep). XLSX gives the cell kinds too. */
  row(cells: string[], line: number, kinds?: number[]): void;
}

export interface TableFileInfo {
  format: SpreadsheetFormat;
  /** XLSX: the sheet read. */
  sheet: string | null;
  /** CSV: the decoding used and the delimiter. */
  encoding: string;
  delimiter: CsvDelimiter;
}

export interface TableReadOptions {
  /** XLSX sheet (default the first visible one). */
  sheet?: string;
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
}

const SNIFF_BYTES = 64 * 1024;
const DECODE_BYTES = 32 * 1024;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function readTableFile(filePath: string, sink: TableSink, options: TableReadOptions = {}): Promise<TableFileInfo> {
  const format = await spreadsheetFormat(filePath);
  return format === 'xlsx' ? readXlsx(filePath, sink, options) : readCsv(filePath, sink, options);
}

async function readXlsx(filePath: string, sink: TableSink, options: TableReadOptions): Promise<TableFileInfo> {
  const { workbook, close } = await openWorkbook(filePath, { signal: options.signal });
  try {
    const sheet = workbook.sheet(options.sheet);
    let headerRow = 0;
    let count = 0;
    await workbook.readRows(sheet, {
      headRows: HEADER_SEARCH_ROWS,
      columnsFor: (head) => {
        if (!head.length) throw badRequest(`The sheet '${sheet.name}' is empty.`);
        const found = detectHeaderRow(
          head.map((r) => r.cells),
          head.map((r) => r.row),
        );
        headerRow = head[found.index]!.row;
        return sink.header(head[found.index]!.cells, headerRow, found.skipped);
      },
      onRow: (row) => {
        if (row.row <= headerRow) return;
        sink.row(row.cells, row.row, row.kinds);
        count += 1;
        if (count % 2000 !== 0) return;
        if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
        return yieldToEventLoop();
      },
    });
    return { format: 'xlsx', sheet: sheet.name, encoding: 'utf-8', delimiter: ',' };
  } catch (error) {
    throw asBadRequest(error);
  } finally {
    await close();
  }
}

async function readCsv(filePath: string, sink: TableSink, options: TableReadOptions): Promise<TableFileInfo> {
  const decoder = new SupplierTextDecoder();
  let parser: CsvRecordParser | undefined;
  let headerLine = 1;
  let skipped: SkippedLine[] = [];
  let headerSeen = false;
  let delimiter: CsvDelimiter = ',';
  const onRecord = (fields: string[], line: number): void => {
    if (headerSeen) {
      sink.row(fields, line);
      return;
    }
    if (line < headerLine) return; // title, date or blank lines above the header
    headerSeen = true;
    parser?.keepOnly(sink.header(fields, line, skipped));
  };
  let sniff = '';
  let bytes = 0;
  let checkedHead = false;
  const startParser = (text: string, complete: boolean) => {
    const layout = detectCsvLayout(text, complete);
    delimiter = layout.delimiter;
    headerLine = layout.headerLine;
    skipped = layout.skippedLines;
    parser = new CsvRecordParser(delimiter, onRecord, { reuseFields: true });
    parser.push(text);
  };
  const stream = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      if (!checkedHead) {
        checkedHead = true;
        const binary = looksBinary(chunk);
        if (binary) throw badRequest(binary);
      }
      bytes += chunk.length;
      // Decoded in 32 KiB pieces: a longer decoded string is a "large object" to V8, which only a full garbage
      // collection frees, so a 50 MB file's chunks piled up in the heap until one ran (~100 MB more at peak).
      for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
        const text = decoder.write(chunk.subarray(at, at + DECODE_BYTES));
        if (parser) parser.push(text);
        else {
          sniff += text;
          if (sniff.length >= SNIFF_BYTES) {
            startParser(sniff, false);
            sniff = '';
          }
        }
      }
      await yieldToEventLoop();
    }
    const tail = decoder.end();
    if (parser) parser.push(tail);
    else startParser(sniff + tail, true);
    parser!.end();
  } catch (error) {
    if (error instanceof CsvFormatError) throw badRequest(error.message);
    throw error;
  } finally {
    stream.destroy();
  }
  if (bytes === 0 || !headerSeen) throw badRequest('The file is empty.');
  return { format: 'csv', sheet: null, encoding: decoder.encoding, delimiter };
}
