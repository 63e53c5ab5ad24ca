/**
 * Vite plugin: writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, compressed once at
 * the highest levels, so the server (@fastify/static `preCompressed`) sends them without compressing per request.
 * Our own 30 lines instead of a plugin package: node's zlib does the work, and nothing else is needed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

/** `file`.br and `file`.gz beside it, at the highest levels (also for files a plugin writes after the bundle). */
export async function writeCompressedCopies(file: string, content: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dealradar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.readFile(file);
          if (content.length >= MIN_BYTES) await writeCompressedCopies(file, content);
        }),
      );
    },
  };
}
