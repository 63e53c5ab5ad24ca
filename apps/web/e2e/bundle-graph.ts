/**
 * The JavaScript each screen downloads, read from the Vite build's manifest (dist/.vite/manifest.json): the entry's
 * chunks (every screen loads them), plus the screen's own chunk with everything it imports statically, plus what the
 * screen loads on demand while shown (e.g. the dashboard's chart). Other screens' chunks, which the entry only
 * imports lazily, are not counted. Sizes are gzip (level 9, what the server sends to a browser without brotli).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  /** The route module, e.g. src/app/routes/login.tsx. */
  route: string;
  files: string[];
  gzipBytes: number;
}

export function readManifest(webDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    staticClosure(manifest, manifest[key]?.imports ?? [], into);
  }
  return into;
}

/**
 * The static closure of `keys` without the chunks of `loaded`, plus, recursively, what those chunks import
 * dynamically (minus `skip` and `loaded`): everything a part of the app may load beyond `loaded`.
 */
function closureWithOnDemand(manifest: Manifest, keys: string[], loaded: Set<string>, skip: Set<string>): Set<string> {
  const all = new Set<string>();
  const pending = [...keys];
  while (pending.length) {
    const key = pending.pop()!;
    for (const added of staticClosure(manifest, [key])) {
      if (loaded.has(added) || all.has(added)) continue;
      all.add(added);
      for (const lazy of manifest[added]?.dynamicImports ?? []) if (!skip.has(lazy)) pending.push(lazy);
    }
  }
  return all;
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

export interface BundleOptions {
  /**
   * Routes that never show the signed-in shell (the account pages): the entry's lazily loaded parts (the shell, the
   * region dialog) are counted for every other route.
   */
  withoutShell: string[];
}

/** Every route module (src/app/routes/*) with the JavaScript it needs. */
export function routeBundles(webDir: string, options: BundleOptions): RouteBundle[] {
  const manifest = readManifest(webDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const entry = staticClosure(manifest, [entryKey]);
  // What the entry's chunks load lazily (the router may sit in a chunk the entry imports: apps/web/landing-chunks.ts).
  const lazy = [...new Set([...entry].flatMap((key) => manifest[key]!.dynamicImports ?? []))];
  // Routes are what the entry loads lazily; they never count towards each other.
  const routes = lazy.filter((key) => key.startsWith('src/app/routes/'));
  const notRoutes = new Set(routes);
  // The entry's own lazy parts (shell, region dialog), loaded on every page a signed-in user sees.
  const shell = new Set([
    ...entry,
    ...closureWithOnDemand(
      manifest,
      lazy.filter((key) => !notRoutes.has(key)),
      entry,
      notRoutes,
    ),
  ]);
  const size = (keys: Set<string>) => {
    const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    return { files, gzipBytes: files.reduce((sum, file) => sum + gzipBytes(path.join(webDir, file)), 0) };
  };
  return routes.map((route) => {
    const base = options.withoutShell.includes(route) ? entry : shell;
    const keys = new Set([...base, ...closureWithOnDemand(manifest, [route], base, notRoutes)]);
    return { route, ...size(keys) };
  });
}
