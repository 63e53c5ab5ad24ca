/**
 * The import boundaries of this repository as one ESLint rule (`dealradar/boundaries`), so a violation fails
 * `npm run lint` instead of waiting for review (docs/platform.md "Lint and format"). Paths are resolved from the importing file;
 * the rule needs no type information.
 *
 * - web: a feature (src/features/<a>/) never imports another feature (<b>); screens compose features.
 * - web: shared code (src/components/, src/lib/, src/config/) never imports features or the app shell.
 * - web: the router never imports a screen module statically (screens are lazy pages: the bundle budget).
 * - server: nothing imports a process entry point (src/main.ts, worker.ts, process.ts, prices-refresh.ts) except
 *   another entry point.
 * - no production file (anything in apps/* /src or packages/* /src that is not a test) imports test code
 *   (apps/server/test/, e2e/, test-support/, *.test-helpers.ts, *.test.ts).
 * - packages/shared stays plain TypeScript and zod: no imports from the apps, React, Fastify or the database.
 * - server: a module (src/modules/<a>/) reaches another (<b>) only through <b>'s services (*.service.ts), its types
 *   (*.types.ts), the events it announces (*.events.ts) or a file <b> deliberately exports (MODULE_INTERFACES); never through <b>'s repositories. Only the
 *   composition roots (app.ts, jobs/registry.ts, the entry points) import a module's routes and job lists.
 * Import cycles between server files are refused by tools/lint/import-cycles.js (a whole-graph check ESLint's
 * file-by-file rules cannot make).
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY_POINTS = ['main.ts', 'worker.ts', 'process.ts', 'prices-refresh.ts'].map((f) => `apps/server/src/${f}`);
const TEST_FILE = /\.(test|spec)\.tsx?$|\.test-helpers\.ts$/;
const TEST_DIR = /(^|\/)(test|e2e|test-support)\//;

/** Composition roots: they wire modules together, so they import routes, job lists and start-up pieces of any module. */
const SERVER_COMPOSITION_ROOTS = [...SERVER_ENTRY_POINTS, 'apps/server/src/app.ts', 'apps/server/src/jobs/registry.ts', 'apps/server/src/backup-cli.ts'];

/**
 * Files a server module deliberately offers to other modules beside its services and types: pure rules and shared
 * pieces that are not a service call (the plan rules, the profit engine's listing helpers, SQL fragments that other
 * repositories embed, the e-mails another flow sends, the background work a finished scan hands on).
 */
export const MODULE_INTERFACES = {
  plans: ['entitlements.ts', 'token-refresh.ts'],
  'market-data': ['listing-profit.ts', 'sales-facts.ts', 'token-estimate.ts'],
  'rate-limit': ['rate-limit.rules.ts'],
  auth: ['auth.emails.ts', 'session-token.ts'],
  'seller-account': ['listing-restrictions.sql.ts', 'seller-account.jobs.ts', 'amazon-fees.jobs.ts', 'amazon-fee-choices.ts'],
  health: ['system-figures.ts'],
  scans: ['result-files.ts', 'scan-issues.ts', 'supplier-file.ts', 'supplier-text-decoder.ts', 'upload-receiver.ts', 'scan-files.ts'],
};

function serverModuleOf(file) {
  const match = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(file);
  return match ? { name: match[1], file: match[2] } : undefined;
}

/** @returns {string | undefined} why `from` may not import `target` across server modules */
function serverModuleViolation(from, target) {
  const to = serverModuleOf(target.replace(/(\.ts)?$/, '.ts'));
  if (!to || !from.startsWith('apps/server/src/')) return undefined;
  const own = serverModuleOf(from);
  if (own?.name === to.name) return undefined;
  if (/\.repository\.ts$/.test(to.file)) {
    return `modules/${to.name}/${to.file} is that module's own: reach its data through the service of modules/${to.name} (export what you need there).`;
  }
  if (/\.(service|types|events)\.ts$/.test(to.file) || (MODULE_INTERFACES[to.name] ?? []).includes(to.file)) return undefined;
  if (SERVER_COMPOSITION_ROOTS.includes(from)) return undefined;
  return `Reach modules/${to.name} through its service (*.service.ts), its types, its events or a file it lists in MODULE_INTERFACES (tools/lint/boundaries.js), not modules/${to.name}/${to.file}.`;
}

/** repo-relative, forward slashes */
function rel(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function webFeature(file) {
  return /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
}

/** @returns {string | undefined} the message of the broken boundary */
function violation(from, source, { dynamic = false, typeOnly = false } = {}) {
  const isRelative = source.startsWith('.');
  const target = isRelative ? rel(path.resolve(ROOT, path.dirname(from), source)) : source;
  const fromIsTest = TEST_FILE.test(from) || TEST_DIR.test(from);

  if (from.startsWith('packages/shared/src/')) {
    if (isRelative && !target.startsWith('packages/shared/')) return 'packages/shared may import only its own files.';
    if (!isRelative && /^(react|react-dom|@mantine\/|@tanstack\/|fastify|@fastify\/|pg|pg-boss|@electric-sql\/)/.test(source)) {
      return 'packages/shared is plain TypeScript and zod: no React, Fastify or database packages.';
    }
  }
  if (!isRelative) return undefined;

  const fromFeature = webFeature(from);
  const toFeature = webFeature(target);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return `Web features do not import each other (features/${fromFeature} → features/${toFeature}): compose them in the screen (app/routes/), or move the shared piece to components/ or lib/.`;
  }
  if (/^apps\/web\/src\/(components|lib|config)\//.test(from) && /^apps\/web\/src\/(features|app)\//.test(target)) {
    return 'Shared web code (components/, lib/, config/) does not import features or the app: the dependency goes the other way.';
  }
  if (from === 'apps/web/src/app/router.tsx' && target.startsWith('apps/web/src/app/routes/') && !dynamic && !typeOnly) {
    return 'Screens are lazy pages: load them with lazyPage(() => import(…), …) in router.tsx, never statically.';
  }
  const toEntry = SERVER_ENTRY_POINTS.find((entry) => target === entry || target === entry.replace(/\.ts$/, ''));
  if (toEntry && !SERVER_ENTRY_POINTS.includes(from) && !fromIsTest) {
    return `${toEntry} is a process entry point: modules do not import entry points (pass what they need as a parameter).`;
  }
  if (!fromIsTest) {
    const crossing = serverModuleViolation(from, target);
    if (crossing) return crossing;
  }
  if (!fromIsTest && /^(apps|packages)\/[^/]+\/src\//.test(from) && (TEST_FILE.test(target) || TEST_DIR.test(target))) {
    return 'Production code does not import test code (test/, e2e/, test-support/, *.test-helpers.ts).';
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries between features, layers, entry points and tests' }, schema: [] },
  create(context) {
    const from = rel(context.filename);
    const check = (node) => {
      if (node.source && typeof node.source.value === 'string') {
        const message = violation(from, node.source.value, {
          dynamic: node.type === 'ImportExpression',
          typeOnly: node.importKind === 'type' || node.exportKind === 'type',
        });
        if (message) context.report({ node: node.source, message });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
