import { describe, expect, it } from 'vitest';
import { mappingsCsv } from './export-mappings.ts';

describe('mappingsCsv', () => {
  it('writes a header and one quoted-where-needed line per mapping', () => {
    const csv = mappingsCsv([
      {
        id: '1',
        ean: '4006381333931',
        asin: 'B08N5WRWNW',
        name: 'Face Cream, 50 ml "Rich"',
        brand: 'Alpha',
        numberOfPacks: 6,
        createdAt: '2026-11-22T09:00:00.000Z',
      },
      { id: '2', ean: '0896364002428', asin: 'B00SNM5US4', name: '=HYPERLINK("x")', brand: 'Olaplex', numberOfPacks: 1, createdAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'ean,asin,name,brand,numberOfPacks,createdAt',
      '4006381333931,B08N5WRWNW,"Face Cream, 50 ml ""Rich""",Alpha,6,2026-11-22T09:00:00.000Z',
      `0896364002428,B00SNM5US4,"'=HYPERLINK(""x"")",Olaplex,1,2026-11-22T10:00:00.000Z`,
      '',
    ]);
  });

  it('an empty list is just the header', () => {
    expect(mappingsCsv([])).toBe('ean,asin,name,brand,numberOfPacks,createdAt\r\n');
  });
});
