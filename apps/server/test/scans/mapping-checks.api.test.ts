import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { multipart } from './helpers.ts';

/**
 * The token estimate the mapping dialog asks for before Confirm also says how many
 * usable EANs the file has and how many are damaged, and why — counted by the scan's own rules.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const ean = (i: number) => {
  const body = `400638${String(i).padStart(6, '0')}`;
  return body + gs1CheckDigit(body);
};

async function estimate(headers: Record<string, string>, file: { name: string; content: string | Buffer }) {
  const body = multipart({ marketId: 'DE', eanColumn: 'EAN' }, file);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/token-estimate',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /supplier-analyzer/token-estimate: the file checks', () => {
  it('counts usable EANs and damaged ones by problem, with examples', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const rows = [
      'EAN;Brand;Price',
      `${ean(1)};Nivea;1,00`,
      `${ean(2)};Nivea;1,00`,
      `${ean(3)};Nivea;1,00`,
      `${ean(3)};Nivea;1,00`, // duplicate
      '4,00638E+12;Nivea;1,00', // German Excel save: digits lost
      '4,00638E+12;Nivea;1,00',
      '1234567;Nivea;1,00', // too short
      '4006381333932;Nivea;1,00', // wrong check digit
      `${200123456789}${gs1CheckDigit('200123456789')};Nivea;1,00`, // in-store number: internal, not damaged
      ';Nivea;1,00', // no EAN
      `${ean(4)};Nivea;1,00`,
    ];
    const answer = await estimate(user.headers, { name: 'list.csv', content: rows.join('\n') });
    expect(answer.eans).toBe(4);
    expect(answer.checks).toEqual({
      rowsRead: 11,
      usableEans: 4,
      duplicateRows: 1,
      missingEans: 1,
      internalCodes: 1,
      damagedEans: 4,
      damagedByProblem: { scientific_notation: 2, too_short: 1, check_digit: 1 },
      damagedExamined: 4,
      examples: [
        { line: 6, value: '4,00638E+12', problem: 'scientific_notation' },
        { line: 7, value: '4,00638E+12', problem: 'scientific_notation' },
        { line: 8, value: '1234567', problem: 'too_short' },
      ],
    });
  });

  it('reads a GTIN-8 alike as a number cell and as text with its zeros (one rule: both internal, RCN-8)', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const xlsx = buildXlsx([
      {
        name: 'Price list',
        rows: [
          ['EAN', 'Brand', 'Price'],
          [22022202, 'Nivea', 1], // a number cell: the zeros are gone
          ['0000022022202', 'Nivea', 1], // the same code as text
          [96385074, 'Dove', 1], // a product GTIN-8 as a number…
          ['0000096385074', 'Dove', 1], // …and as text: the same EAN, a duplicate
        ],
      },
    ]);
    const answer = await estimate(user.headers, { name: 'list.xlsx', content: Buffer.from(xlsx) });
    expect(answer.checks).toMatchObject({ rowsRead: 4, usableEans: 1, internalCodes: 2, duplicateRows: 1, damagedEans: 0 });
  });
});
