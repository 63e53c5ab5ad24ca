import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite's content-hashed output: a changed file gets a new name, so a browser may keep these for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: revalidate every time (ETag), so a new deployment is picked up at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * How the built web app is served: the brotli/gzip copies written at build time (apps/web/precompress.ts) go to
 * browsers that accept them; hashed assets are cached for good, everything else is revalidated; the build's
 * manifest (.vite/) and the compressed copies themselves are not routes.
 */
export function webStaticOptions(webDir: string): FastifyStaticOptions {
  const assetsDir = path.join(webDir, 'assets') + path.sep;
  return {
    root: webDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    dotfiles: 'ignore',
    globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  };
}
