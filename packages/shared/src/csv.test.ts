import { describe, expect, it } from 'vitest';
import { CsvFormatError, CsvRecordParser, detectDelimiter, findColumn, guessColumns, parseCsvPreview, parseCsvRecords } from './csv.ts';

describe('SPEC §5 delimiter rule', () => {
  it('is semicolon when the text contains one, else comma', () => {
    expect(detectDelimiter('ean;brand\n1;2')).toBe(';');
    expect(detectDelimiter('ean,brand,"a;b"')).toBe(';');
    expect(detectDelimiter('ean,brand\n1,2')).toBe(',');
    expect(detectDelimiter('ean')).toBe(',');
  });
});

describe('preview: header + first 3 data rows', () => {
  it('reads quoted fields, drops the BOM, skips blank lines and pads short rows', () => {
    const text = '\uFEFFEAN;Brand;Price\r\n\r\n"4006170012345";"Nivea; Men";"12,50"\r\n4006170012346;Dove\r\n  \r\n1;"multi\r\nline";3\r\n4;5;6\r\n';
    expect(parseCsvPreview(text)).toEqual({
      delimiter: ';',
      headers: ['EAN', 'Brand', 'Price'],
      rows: [
        ['4006170012345', 'Nivea; Men', '12,50'],
        ['4006170012346', 'Dove', ''],
        ['1', 'multi\r\nline', '3'],
      ],
      headerLine: 1,
      skippedLines: [],
      sampleRows: [
        ['4006170012345', 'Nivea; Men', '12,50'],
        ['4006170012346', 'Dove', ''],
        ['1', 'multi\r\nline', '3'],
        ['4', '5', '6'],
      ],
    });
  });

  it('names blank headers and refuses an empty text', () => {
    expect(parseCsvPreview('ean,,price\n1,2,3').headers).toEqual(['ean', 'Column 2', 'price']);
    expect(() => parseCsvPreview('')).toThrow('Failed to read CSV');
    expect(() => parseCsvPreview('\n\n')).toThrow('Failed to read CSV');
  });

  it('does not show a record cut off at the end of a slice', () => {
    const preview = parseCsvPreview('a,b\n1,2\n3,"unfinished', { complete: false });
    expect(preview.rows).toEqual([['1', '2']]);
  });
});

describe('incremental parser', () => {
  const parseInChunks = (text: string, size: number, delimiter: ';' | ',' = ',') => {
    const out: Array<[string[], number]> = [];
    const parser = new CsvRecordParser(delimiter, (fields, line) => {
      out.push([fields, line]);
    });
    for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
    parser.end();
    return out;
  };

  it('gives the same records and line numbers whatever the chunk size', () => {
    const text = 'a,b,c\r\n"x,1","say ""hi""",3\n\n"line\r\nbreak",q\r5,6,\n"last","no newline"';
    const expected: Array<[string[], number]> = [
      [['a', 'b', 'c'], 1],
      [['x,1', 'say "hi"', '3'], 2],
      [['line\r\nbreak', 'q'], 4],
      [['5', '6', ''], 6],
      [['last', 'no newline'], 7],
    ];
    for (const size of [1, 2, 3, 5, 7, 1000]) expect(parseInChunks(text, size), `chunk ${size}`).toEqual(expected);
  });

  it('keeps text after a closing quote and runs an unterminated quote to the end', () => {
    expect(parseCsvRecords('"a"b,c\n"open,d', ',')).toEqual([['ab', 'c'], ['open,d']]);
  });

  it('refuses a record that never ends', () => {
    const parser = new CsvRecordParser(',', () => undefined, { maxRecordChars: 100 });
    expect(() => parser.push(`"${'x'.repeat(200)}`)).toThrow(CsvFormatError);
  });
});

describe('column mapping helpers', () => {
  it('finds columns by header name, then case-insensitively', () => {
    expect(findColumn(['EAN', 'Brand'], 'Brand')).toBe(1);
    expect(findColumn(['EAN', 'Brand'], 'brand ')).toBe(1);
    expect(findColumn(['EAN'], 'price')).toBe(-1);
    // toMatchObject: the guess also carries units and a confidence per field.
    expect(guessColumns(['Artikel', 'EAN-13', 'Marke', 'Preis netto'])).toMatchObject({ ean: 'EAN-13', brand: 'Marke', price: 'Preis netto' });
  });
});
