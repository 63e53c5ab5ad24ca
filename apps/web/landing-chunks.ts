/**
 * Vite plugin: the code a landing page (/login, /register, /dashboard; LANDING_PAGES in landing-preload.ts) needs
 * beyond the entry comes in a few files instead of dozens. Left to itself the bundler cuts the code shared between
 * screens into one file per set of screens using it (dozens for /dashboard), and on a slow phone connection over
 * HTTP/1.1 (six requests at a time) each costs a round trip (docs/decisions/0011-lazy-screens-landing-chunks-bundle-budget.md).
 *
 * Which modules those are is only known after tree-shaking (a package's index re-exports all of it), so the plugin
 * first bundles the app once without minifying or writing anything, reads which chunks each landing page loads, and
 * then has the real build put those modules into `landing-…` chunks, one per set of landing pages needing them (for
 * /login and /dashboard: what both need, what only /login needs, what only the dashboard needs). Another screen that
 * uses one of these modules loads that chunk (a few KB it does not need); everything else is split as before.
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk, RolldownOutput } from 'rolldown';
import { build, type Plugin } from 'vite';
import { LANDING_PAGES, withImports } from './landing-preload.ts';

/** Set while the first, scanning build runs: its copy of this plugin (the config file is loaded anew) does nothing. */
const SCANNING = 'DEALRADAR_LANDING_CHUNKS_SCAN';

const ROUTES = /[\\/]src[\\/]app[\\/]routes[\\/]/;

/** Module id → the name of its landing group. */
function landingGroups(bundle: OutputBundle, root: string): Map<string, string> {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('landing-chunks: no entry chunk');
  const loaded = withImports(bundle, entry.fileName, new Set());
  // Pages with the same modules ('/' and /dashboard) count once.
  const pages = new Map<string, string[]>();
  for (const [page, { modules }] of Object.entries(LANDING_PAGES)) {
    if (![...pages.values()].some((known) => known.join() === modules.join())) pages.set(page.replace(/\W+/g, '') || 'home', modules);
  }
  const users = new Map<string, string[]>();
  // What the entry loads stays one group too: taking modules out of the shared pool otherwise splits it further.
  for (const file of loaded) {
    for (const id of (bundle[file] as OutputChunk).moduleIds) {
      if (id !== entry.facadeModuleId && !id.startsWith('\0') && !id.startsWith('rolldown:')) users.set(id, ['start']);
    }
  }
  for (const [name, modules] of pages) {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((c) => c.moduleIds.includes(path.resolve(root, module)));
      if (!chunk) throw new Error(`landing-chunks: no chunk for ${module}`);
      withImports(bundle, chunk.fileName, files);
    }
    for (const file of files) {
      if (loaded.has(file)) continue;
      for (const id of (bundle[file] as OutputChunk).moduleIds) {
        // Screens keep a chunk of their own: the build's manifest (and so the bundle budget) knows them by it.
        if (ROUTES.test(id)) continue;
        users.set(id, [...(users.get(id) ?? []), name]);
      }
    }
  }
  return new Map([...users].map(([id, names]) => [id, names[0] === 'start' ? 'start' : `landing-${names.join('-')}`]));
}

export function landingChunks(): Plugin {
  const groups = new Map<string, string>();
  let enabled = !process.env[SCANNING];
  return {
    name: 'dealradar-landing-chunks',
    apply: 'build',
    config() {
      if (!enabled) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    debugName: 'landing',
                    name: (id: string) => groups.get(id) ?? null,
                    // Exactly the modules found by the scan; what they import outside them stays where it is.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    async configResolved(config) {
      if (!enabled || config.command !== 'build' || config.build.ssr) return;
      enabled = false;
      process.env[SCANNING] = '1';
      try {
        const output = (await build({
          root: config.root,
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'silent',
          build: { write: false, minify: false, manifest: false, outDir: config.build.outDir },
        })) as RolldownOutput | RolldownOutput[];
        const { output: files } = Array.isArray(output) ? output[0]! : output;
        const bundle: OutputBundle = Object.fromEntries(files.map((file) => [file.fileName, file]));
        for (const [id, group] of landingGroups(bundle, config.root)) groups.set(id, group);
      } finally {
        delete process.env[SCANNING];
      }
    },
  };
}
