/**
 * `npm run build -w apps/server`: the server's own TypeScript (and the shared package) bundled into plain JavaScript
 * in apps/server/dist, next to a copy of the SQL migrations; npm packages stay external and load from node_modules.
 * `npm start`, `npm run worker`, the browser tests and the benchmarks run this build with plain node. Compiling TypeScript at start-up with tsx instead
 * kept about 100 MB more resident memory in every server process (tsx stays the runtime of tests and `npm run dev`).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const here = import.meta.dirname;
// Another output folder can be given (browser tests build one per test port); it must be inside the repository,
// where the bundle's npm imports resolve from node_modules.
const out = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, 'dist');
fs.rmSync(out, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { main: path.join(here, 'src/main.ts'), worker: path.join(here, 'src/worker.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(build) {
        // Bare imports are npm packages (external), except the workspace's shared package, which is TypeScript.
        build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@dealradar/') ? undefined : { external: true }));
      },
    },
  ],
});
// The migrator reads its SQL files next to its own module (db/migrate.ts → MIGRATIONS_DIR), which in the bundle is dist/.
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
