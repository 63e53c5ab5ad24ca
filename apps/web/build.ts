/**
 * `npm run build -w apps/web` (and so `npm start`): the web app, built with Vite (vite.config.ts) into a directory of
 * its own, apps/web/dist-builds/<hash>-…, then the link apps/web/dist switched to it atomically; a running server keeps
 * serving its own build (index.html and the hashed assets it names) until it restarts. Skipped when the web sources,
 * the shared package, the build configuration and the lockfile hash to what the current build was made from
 * (apps/server/src/lib/build-slots.ts). `--link <path>` uses another link (tests), `--force` builds
 * even when nothing changed. The browser tests and benchmarks build with `vite build --outDir <their folder>` instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { buildAnew, cleanOldBuilds, inputsHash, slotOf, unchangedBuild, withBuildLock } from '../server/src/lib/build-slots.ts';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const { values } = parseArgs({ options: { link: { type: 'string' }, force: { type: 'boolean', default: false } } });

const slot = slotOf(values.link ?? path.join(here, 'dist'));
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/landing-chunks.ts',
  'apps/web/landing-preload.ts',
  'apps/web/precompress.ts',
  'apps/web/build.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

await withBuildLock(slot, async () => {
  const hash = inputsHash(root, inputs);
  const unchanged = values.force ? undefined : unchangedBuild(slot, hash, (dir) => fs.existsSync(path.join(dir, 'index.html')));
  if (unchanged) {
    console.log(`web app unchanged (inputs ${hash.slice(0, 12)}): build skipped, ${path.relative(root, slot.link)} → ${path.relative(root, unchanged)}`);
  } else {
    console.log(`building the web app (inputs ${hash.slice(0, 12)})…`);
    const dir = await buildAnew(slot, hash, async (outDir) => {
      await build({ root: here, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    });
    console.log(`web app built: ${path.relative(root, slot.link)} → ${path.relative(root, dir)}`);
  }
  for (const dir of cleanOldBuilds(slot)) console.log(`removed the old web build ${path.relative(root, dir)} (no running server uses it)`);
});
