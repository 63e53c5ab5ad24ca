import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

/** A web build as Vite and apps/web/precompress.ts leave it: hashed assets with .br/.gz copies, the manifest. */
function writeWebBuild(dir: string) {
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123xy.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"secret":"build internals"}');
  return script;
}

describe('serving the built web app', () => {
  let ctx: TestContext;
  let script: string;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-web-static-'));

  beforeAll(async () => {
    script = writeWebBuild(webDir);
    ctx = await buildTestApp({ env: { WEB_DIST_DIR: webDir }, serveWeb: true });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset brotli-compressed to a browser that accepts brotli, cached for a year', async () => {
    const response = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every screen path with index.html that the browser must revalidate', async () => {
    for (const url of ['/', '/login', '/dashboard?x=1', '/confirm-password/some-token']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('revalidates files that are not content-hashed', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never serves the build manifest or the compressed copies as files of their own', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/index-AbC123xy.js.br', '/assets/index-AbC123xy.js.gz']) {
      const response = await get(url);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).not.toContain('build internals');
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('keeps API answers out of the long cache', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
