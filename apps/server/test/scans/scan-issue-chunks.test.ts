import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createScanRow } from '../factories/scans.ts';
import { createUser } from '../factories/users.ts';
import { insertIssueChunk, storedIssues } from '../../src/modules/scans/scan-issues.repository.ts';
import { notLookedUpEans } from '../../src/modules/scans/supplier-lists.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("a scan's stored unusable rows", () => {
  it('are stored without the sentences the parse makes, and read back with them, beside chunks stored with every sentence', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const scanId = await createScanRow(ctx.deps, user);
    await insertIssueChunk(ctx.deps.db, scanId, 'file-0000', [
      { line: 4, reason: 'invalid_ean', value: '4006381333932' },
      { line: 2, reason: 'missing_brand', value: '' },
      { line: 7, reason: 'duplicate_ean', value: '4006381333931' },
      { line: 9, reason: 'not_looked_up', value: '4006381333931', message: 'Amazon data could not be fetched for this EAN; please scan it again later.' },
    ]);
    // A chunk as scans stored them before: objects with their sentences.
    await ctx.deps.db.execute('insert into scan_issue_chunks (scan_id, chunk, issues) values ($1, $2, $3)', [
      scanId,
      'run-000000001',
      JSON.stringify([
        { line: 12, reason: 'not_looked_up', value: '5000112637922', message: 'Amazon data could not be fetched for this EAN; please scan it again later.' },
      ]),
    ]);

    const stored = await ctx.deps.db.one<{ issues: string }>("select issues from scan_issue_chunks where scan_id = $1 and chunk = 'file-0000'", [scanId]);
    expect(stored.issues).not.toContain('The brand is empty.');
    expect(stored.issues).toContain('please scan it again later');

    expect(await storedIssues(ctx.deps.db, scanId)).toEqual([
      { line: 2, reason: 'missing_brand', value: '', message: 'The brand is empty.' },
      { line: 4, reason: 'invalid_ean', value: '4006381333932', message: 'The EAN 4006381333932 has a wrong check digit (the last digit should be 1).' },
      {
        line: 7,
        reason: 'duplicate_ean',
        value: '4006381333931',
        message: 'The EAN 4006381333931 appeared earlier in the file; it is analyzed once (first row).',
      },
      { line: 9, reason: 'not_looked_up', value: '4006381333931', message: 'Amazon data could not be fetched for this EAN; please scan it again later.' },
      { line: 12, reason: 'not_looked_up', value: '5000112637922', message: 'Amazon data could not be fetched for this EAN; please scan it again later.' },
    ]);
    expect((await notLookedUpEans(ctx.deps.db, scanId)).sort()).toEqual(['4006381333931', '5000112637922']);
  });
});
