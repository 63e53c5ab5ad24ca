// The ESLint configuration of the whole repository (flat config; the root eslint.config.js loads it): `npm run lint`,
// part of `npm test`. Why it is built this way: docs/decisions/0016-lint-and-format.md. TypeScript of the project is 7 (the native compiler,
// without a JavaScript API), so this workspace carries TypeScript 5.9 for typescript-eslint's parser alone, and the
// rules are the syntactic set: type-aware rules wait for a TypeScript 7 with an API (7.1).
import Module, { createRequire } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import { boundaries } from './boundaries.js';

// typescript-eslint and its helper ts-api-utils `require('typescript')`. npm nests this workspace's TypeScript 5.9 for
// typescript-eslint, but hoists ts-api-utils to the root, where 'typescript' is the project's TypeScript 7 (no API).
// Inside the lint process, every require of 'typescript' therefore gets this workspace's 5.9.
const TYPESCRIPT_FOR_LINT = createRequire(import.meta.url).resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? TYPESCRIPT_FOR_LINT : request, ...rest);
};
const { default: tseslint } = await import('typescript-eslint');

/** SQL is spoken only in *.repository.ts, db/ and SQL-fragment files (*.sql.ts), and in tests. */
const SQL_START = String.raw`^\s*(select\s[\s\S]*\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+(recursive\s+)?\w+\s+as\s*\(|(create|alter|drop)\s+(table|index|view|schema|extension|function|trigger)\s|truncate\s|vacuum\b|analyze\b)`;
const SQL_MESSAGE = "Only *.repository.ts files and db/ speak SQL: move this query into the module's repository and call it from here.";
const sqlOutsideRepositories = [
  { selector: `Literal[value=/${SQL_START}/i]`, message: SQL_MESSAGE },
  { selector: `TemplateElement[value.raw=/${SQL_START}/i]`, message: SQL_MESSAGE },
  // The Db methods that take SQL text, called on a database handle (db, tx, deps.db, ctx.db…). tx() is allowed: a
  // service decides where a transaction begins and passes the handle to repositories.
  { selector: 'CallExpression[callee.property.name=/^(query|one|maybeOne|execute|exec)$/][callee.object.name=/^(db|tx)$/]', message: SQL_MESSAGE },
  { selector: 'CallExpression[callee.property.name=/^(query|one|maybeOne|execute|exec)$/][callee.object.property.name="db"]', message: SQL_MESSAGE },
];

/**
 * The web app calls the API only through its shared declarations: `callEndpoint(usersApi.update, …)` in
 * lib/api-client.ts builds method and path from packages/shared/src/contracts/endpoints/, and `queryKeyOf(endpoint, …)`
 * (lib/endpoint-query.ts) is the one query-key factory. A hand-typed path or key fails lint.
 */
const CALL_MESSAGE =
  'The web app calls the API only through callEndpoint(<module>Api.<call>, …) from lib/api-client.ts: method, path and answer come from the shared declaration (packages/shared/src/contracts/endpoints/).';
const KEY_MESSAGE =
  'Query keys come from the one factory: queryKeyOf(<module>Api.<call>, { params, query }) or endpointQuery(…) (lib/endpoint-query.ts), never a hand-written array, so one call always has one key.';
const CALLS = '/^(callEndpoint|queryKeyOf|endpointQuery|invalidateCalls)$/';
const isFactoryKey = (path) =>
  `:not([${path}.type='CallExpression'][${path}.callee.name='queryKeyOf'])` +
  `:not([${path}.type='MemberExpression'][${path}.property.name='queryKey'])` +
  `:not([${path}.type='ArrayExpression'][${path}.elements.0.type='SpreadElement'][${path}.elements.0.argument.callee.name='queryKeyOf'])` +
  `:not([${path}.type='ArrayExpression'][${path}.elements.0.type='SpreadElement'][${path}.elements.0.argument.property.name='queryKey'])`;
const webApiCalls = [
  { selector: "CallExpression[callee.name='fetch']", message: CALL_MESSAGE },
  { selector: "CallExpression[callee.property.name='fetch']", message: CALL_MESSAGE },
  { selector: "NewExpression[callee.name='XMLHttpRequest']", message: CALL_MESSAGE },
  { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: CALL_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: CALL_MESSAGE },
  // A call is one of the shared declarations (or a parameter holding one), never an object written here.
  { selector: `CallExpression[callee.name=${CALLS}][arguments.0.type=/^(ObjectExpression|CallExpression)$/]`, message: CALL_MESSAGE },
  { selector: "ImportDeclaration[source.value='@dealradar/shared/contracts/endpoint'] > ImportSpecifier[imported.name='endpoint']", message: CALL_MESSAGE },
  { selector: `Property[key.name='queryKey']${isFactoryKey('value')}`, message: KEY_MESSAGE },
  {
    selector: `CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery)$/]${isFactoryKey('arguments.0')}`,
    message: KEY_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-builds/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.out/**',
      'tools/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { dealradar: { rules: { boundaries } } },
    rules: {
      'dealradar/boundaries': 'error',
      // `_`-prefixed parameters and caught errors are deliberately unused (Fastify handler signatures, ignored errors).
      // Its findings here were defensive initial values (`let x = ''` before a try); TypeScript checks definite assignment.
      'no-useless-assignment': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['apps/web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...webApiCalls] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', 'apps/server/src/db/**', '**/*.sql.ts', '**/*.test.ts', '**/*.test-helpers.ts', '**/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideRepositories] },
  },
);
