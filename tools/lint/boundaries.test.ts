import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Each boundary of tools/lint (the `dealradar/boundaries` rule and the SQL rule) against a small fixture: the broken
 * form must fail `npm run lint`, the allowed form must pass. Files need not exist: ESLint lints the text as if it
 * lived at that path, with the repository's real configuration.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'dealradar/boundaries' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('lint boundaries', () => {
  // Loading the configuration (typescript-eslint and its TypeScript) takes a few seconds, once.
  beforeAll(async () => {
    await problems('apps/web/src/lib/warm-up.ts', 'export const x = 1;\n');
  }, 180_000);

  it('web features do not import each other; a screen may compose them', async () => {
    const code = "import { useDisplayCurrency } from '../../price-alerts/api/use-display-currency.ts';\nexport const x = useDisplayCurrency;\n";
    expect(await problems('apps/web/src/features/dashboard/components/panel.tsx', code)).toEqual([
      expect.stringMatching(/Web features do not import each other/),
    ]);
    expect(await problems('apps/web/src/features/dashboard/components/other.tsx', "import { a } from './panel.tsx';\nexport const b = a;\n")).toEqual([]);
    expect(
      await problems(
        'apps/web/src/app/routes/dashboard.tsx',
        "import { x } from '../../features/price-alerts/api/use-display-currency.ts';\nexport const y = x;\n",
      ),
    ).toEqual([]);
  });

  it('shared web code does not import features or the app', async () => {
    const code = "import { login } from '../features/auth/api/login.ts';\nexport const x = login;\n";
    expect(await problems('apps/web/src/components/login-box.tsx', code)).toEqual([expect.stringMatching(/Shared web code/)]);
    expect(await problems('apps/web/src/lib/helper.ts', "import { paths } from '../app/router.tsx';\nexport const x = paths;\n")).toEqual([
      expect.stringMatching(/Shared web code/),
    ]);
  });

  it('the router loads screens lazily, never with a static import', async () => {
    expect(await problems('apps/web/src/app/router.tsx', "import { HelpPage } from './routes/help.tsx';\nexport const x = HelpPage;\n")).toEqual([
      expect.stringMatching(/lazy pages/),
    ]);
    expect(await problems('apps/web/src/app/router.tsx', "export const load = () => import('./routes/help.tsx');\n")).toEqual([]);
  });

  it('modules do not import process entry points; entry points may', async () => {
    const code = "import { startProcess } from '../../process.ts';\nexport const x = startProcess;\n";
    expect(await problems('apps/server/src/modules/price-drops/refresh.ts', code)).toEqual([expect.stringMatching(/process entry point/)]);
    expect(await problems('apps/server/src/modules/x/x.service.ts', "import '../../main.ts';\n")).toEqual([expect.stringMatching(/process entry point/)]);
    expect(await problems('apps/server/src/worker.ts', "import { startProcess } from './process.ts';\nexport const x = startProcess;\n")).toEqual([]);
  });

  it('production code does not import test code; tests may', async () => {
    const code = "import { buildTestApp } from '../../test/build-test-app.ts';\nexport const x = buildTestApp;\n";
    expect(await problems('apps/server/src/modules/help/help.service.ts', code)).toEqual([expect.stringMatching(/does not import test code/)]);
    expect(await problems('apps/web/src/lib/x.ts', "import { ADMIN } from '../../e2e/helpers.ts';\nexport const y = ADMIN;\n")).toEqual([
      expect.stringMatching(/does not import test code/),
    ]);
    expect(await problems('apps/server/src/modules/help/help.routes.test.ts', code)).toEqual([]);
  });

  it('only repositories and db/ speak SQL', async () => {
    const service = "export async function f(deps) {\n  return deps.db.query('select id from users where id = $1', [1]);\n}\n";
    expect((await problems('apps/server/src/modules/help/help.service.ts', service)).length).toBeGreaterThan(0);
    expect(await problems('apps/server/src/modules/help/help.service.ts', 'export async function f(db) {\n  return db.one(sqlText);\n}\n')).toEqual([
      expect.stringMatching(/speak SQL/),
    ]);
    expect(await problems('apps/server/src/plugins/auth.ts', 'export const q = `update users set active = false where id = $1`;\n')).toEqual([
      expect.stringMatching(/speak SQL/),
    ]);
    expect(await problems('apps/server/src/modules/help/help.repository.ts', service)).toEqual([]);
    expect(await problems('apps/server/src/db/client.ts', service)).toEqual([]);
    // A service opens the transaction and hands it to repositories; user sentences that start like SQL are fine.
    const allowed =
      "export async function f(deps, save) {\n  await deps.db.tx((tx) => save(tx));\n  return 'Select your region, then update your settings.';\n}\n";
    expect(await problems('apps/server/src/modules/help/help.service.ts', allowed)).toEqual([]);
  });

  it('server modules reach each other through services, types or listed interface files; repositories are their own', async () => {
    const from = 'apps/server/src/modules/buy-list/buy-list.service.ts';
    expect(await problems(from, "import { findDrop } from '../price-drops/price-drops.repository.ts';\nexport const f = findDrop;\n")).toEqual([
      expect.stringMatching(/is that module's own: reach its data through the service of modules\/price-drops/),
    ]);
    expect(await problems(from, "import { runRefresh } from '../price-drops/price-refresh.runner.ts';\nexport const f = runRefresh;\n")).toEqual([
      expect.stringMatching(/Reach modules\/price-drops through its service/),
    ]);
    const allowed = [
      "import { findDrop } from '../price-drops/price-drops.service.ts';",
      "import type { Listing } from '../market-data/market-data.types.ts';",
      "import { requirePlan } from '../plans/entitlements.ts';",
      "import { lines } from './buy-list.repository.ts';",
      'export const f = [findDrop, requirePlan, lines];',
      'export type L = Listing;',
      '',
    ].join('\n');
    expect(await problems(from, allowed)).toEqual([]);
    // Only the composition roots import routes and job lists; nobody imports another module's repository.
    expect(await problems('apps/server/src/app.ts', "import { routes } from './modules/alerts/alerts.routes.ts';\nexport const r = routes;\n")).toEqual([]);
    expect(
      await problems('apps/server/src/plugins/auth.ts', "import { routes } from '../modules/alerts/alerts.routes.ts';\nexport const r = routes;\n"),
    ).toEqual([expect.stringMatching(/Reach modules\/alerts through its service/)]);
    expect(await problems('apps/server/src/app.ts', "import { find } from './modules/auth/auth.repository.ts';\nexport const r = find;\n")).toEqual([
      expect.stringMatching(/is that module's own/),
    ]);
    // Tests may reach into any module.
    expect(
      await problems(
        'apps/server/test/buy-list/x.test.ts',
        "import { findDrop } from '../../src/modules/price-drops/price-drops.repository.ts';\nexport const f = findDrop;\n",
      ),
    ).toEqual([]);
  });

  it('the shared package stays free of React, Fastify and the apps', async () => {
    expect(await problems('packages/shared/src/contracts/x.ts', "import { useState } from 'react';\nexport const x = useState;\n")).toEqual([
      expect.stringMatching(/packages\/shared/),
    ]);
    expect(
      await problems('packages/shared/src/contracts/x.ts', "import { paths } from '../../../../apps/web/src/config/paths.ts';\nexport const x = paths;\n"),
    ).toEqual([expect.stringMatching(/packages\/shared/)]);
    expect(await problems('packages/shared/src/contracts/x.ts', "import { z } from 'zod';\nexport const x = z.string();\n")).toEqual([]);
  });

  it('the web app calls the API only through the shared declarations, with hand-typed paths failing (issue 14 §1)', async () => {
    const file = 'apps/web/src/features/users/api/get-users.ts';
    const call = /calls the API only through callEndpoint/;
    expect(await problems(file, "export const f = () => fetch('/api/users');\n")).toEqual([expect.stringMatching(call), expect.stringMatching(call)]);
    expect(await problems(file, 'export const f = (id) => window.fetch(`/api/users/${id}`);\n')).toEqual([
      expect.stringMatching(call),
      expect.stringMatching(call),
    ]);
    expect(await problems(file, "export const href = '/api/docs';\nexport const x = new XMLHttpRequest();\n")).toEqual([
      expect.stringMatching(call),
      expect.stringMatching(call),
    ]);
    // A call made up in the web app instead of a declaration of packages/shared.
    expect(
      await problems(
        file,
        "import { endpoint } from '@dealradar/shared/contracts/endpoint';\nimport { callEndpoint } from '../../../lib/api-client.ts';\nexport const a = endpoint({});\nexport const f = () => callEndpoint({ method: 'GET', path: '/organization/subscription-status', responses: {} });\n",
      ),
    ).toEqual([expect.stringMatching(call), expect.stringMatching(call)]);
    // The declared way; screen paths and other text are fine; the client module itself may fetch.
    const allowed =
      "import { usersApi } from '@dealradar/shared/contracts/endpoints/users';\nimport { callEndpoint } from '../../../lib/api-client.ts';\nexport const f = (id) => callEndpoint(usersApi.remove, { params: { id } });\nexport const to = '/users';\nexport const text = 'The /api prefix is added by the client.';\n";
    expect(await problems(file, allowed)).toEqual([]);
    expect(await problems('apps/web/src/lib/api-client.ts', 'export const f = (path) => fetch(`/api${path}`);\n')).toEqual([]);
  });

  it('web query keys come from the one factory (issue 14 §1)', async () => {
    const file = 'apps/web/src/features/plans/api/get-subscription-status.ts';
    const key = /Query keys come from the one factory/;
    expect(await problems(file, "export const q = { queryKey: ['organization', 'subscription-status'] };\n")).toEqual([expect.stringMatching(key)]);
    expect(await problems(file, "export const f = (client) => client.invalidateQueries({ queryKey: ['users'] });\n")).toEqual([expect.stringMatching(key)]);
    expect(
      await problems(file, 'const KEY = ["help"];\nexport const f = (client, data) => client.setQueryData(KEY, data);\nexport const q = { queryKey: KEY };\n'),
    ).toEqual([expect.stringMatching(key), expect.stringMatching(key)]);
    const allowed = [
      "import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';",
      "import { queryKeyOf } from '../../../lib/endpoint-query.ts';",
      'export const a = { queryKey: queryKeyOf(plansApi.subscriptionStatus) };',
      'export const b = (options) => ({ queryKey: options.queryKey });',
      'export const c = (file) => ({ queryKey: [...queryKeyOf(plansApi.tiers), file.name] });',
      'export const d = (call, n) => ({ queryKey: [...call.queryKey, n] });',
      'export const e = (client, options, data) => client.setQueryData(options.queryKey, data);',
      'export const g = (client, data) => client.setQueryData(queryKeyOf(plansApi.tiers), data);',
      '',
    ].join('\n');
    expect(await problems(file, allowed)).toEqual([]);
  });
});
