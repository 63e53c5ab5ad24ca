/**
 * `npm run build -w apps/server`: the server's own TypeScript (and the shared package) bundled into plain JavaScript,
 * next to a copy of the SQL migrations; npm packages stay external and load from node_modules.
 * `npm start`, `npm run worker`, the browser tests and the benchmarks run this build with plain node. Compiling TypeScript at start-up with tsx instead
 * kept about 100 MB more resident memory in every server process (tsx stays the runtime of tests and `npm run dev`).
 *
 * Without arguments the build is switched, not rewritten (src/lib/build-slots.ts): it goes into
 * apps/server/dist-builds/<hash>-…, and the link apps/server/dist is switched to it atomically, so a running server
 * or worker keeps loading its own chunks; when the inputs are unchanged the build is skipped. `--link <path>` uses
 * another link (tests), `--force` builds even when nothing changed. A plain folder argument builds into exactly
 * that folder, replacing it (browser tests and process tests: one folder per test port, nobody else runs from it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { buildAnew, cleanOldBuilds, inputsHash, slotOf, unchangedBuild, withBuildLock } from './src/lib/build-slots.ts';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { link: { type: 'string' }, force: { type: 'boolean', default: false } },
});

async function bundle(out: string): Promise<void> {
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
  // The migrator reads its SQL files next to its own module (db/migrate.ts → MIGRATIONS_DIR), which in the bundle is its folder.
  fs.cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
}

if (positionals[0]) {
  // Another output folder (browser tests build one per test port); it must be inside the repository, where the
  // bundle's npm imports resolve from node_modules.
  await bundle(path.resolve(positionals[0]));
} else {
  const slot = slotOf(values.link ?? path.join(here, 'dist'));
  const inputs = [
    'apps/server/src',
    'apps/server/build.ts',
    'apps/server/package.json',
    'packages/shared/src',
    'packages/shared/package.json',
    'package-lock.json',
  ];
  await withBuildLock(slot, async () => {
    const hash = inputsHash(root, inputs, process.version);
    const unchanged = values.force ? undefined : unchangedBuild(slot, hash, (dir) => fs.existsSync(path.join(dir, 'main.js')));
    if (unchanged) {
      console.log(
        `server bundle unchanged (inputs ${hash.slice(0, 12)}): build skipped, ${path.relative(root, slot.link)} → ${path.relative(root, unchanged)}`,
      );
    } else {
      const dir = await buildAnew(slot, hash, bundle);
      console.log(`server bundle built (inputs ${hash.slice(0, 12)}): ${path.relative(root, slot.link)} → ${path.relative(root, dir)}`);
    }
    for (const dir of cleanOldBuilds(slot)) console.log(`removed the old server bundle ${path.relative(root, dir)} (no running process uses it)`);
  });
}
