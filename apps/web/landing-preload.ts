/**
 * Vite plugin: the pages people land on start loading their screen's chunks together with the entry. Every screen is
 * a lazy chunk (src/app/lazy-page.ts), so without this the browser asks for /login's code only once the entry (about
 * 170 KB) has arrived and run; on a slow phone connection that second wave of ~20 small files added about a second
 * before the first paint (docs/platform.md, Lighthouse). index.html gets a tiny `async` script (a file, as the CSP
 * allows no inline script) that adds a `<link rel="modulepreload">` for each chunk of the page being opened: the
 * screen's chunk and what it imports, and for a signed-in page the shell (sidebar, header) too. A signed-in page
 * opened without a token preloads /login, where the guard sends it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { writeCompressedCopies } from './precompress.ts';
import { paths } from './src/config/paths.ts';

const SHELL = 'src/app/layouts/app-shell-layout.tsx';
const route = (name: string) => `src/app/routes/${name}.tsx`;
/** The pages opened from outside the app (bookmarks, e-mails, referral links): the modules each needs at once. */
export const LANDING_PAGES: Record<string, { modules: string[]; signedIn?: boolean }> = {
  [paths.login]: { modules: [route('login')] },
  [paths.register]: { modules: [route('register')] },
  '/': { modules: [SHELL, route('dashboard')], signedIn: true },
  [paths.dashboard]: { modules: [SHELL, route('dashboard')], signedIn: true },
};

function chunksByModule(bundle: OutputBundle, root: string): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    // A landing page's route module may be inside a landing-… chunk (landing-chunks.ts) rather than one of its own.
    if (output.type === 'chunk') for (const id of output.moduleIds) chunks.set(path.relative(root, id), output);
  }
  return chunks;
}

/** The chunk's file and the files it imports statically, directly or not. */
export function withImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const output = bundle[fileName];
  if (output?.type === 'chunk') for (const imported of output.imports) withImports(bundle, imported, into);
  return into;
}

export function landingPreload(): Plugin {
  let root = '';
  let outDir = '';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'dealradar-landing-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.isEntry);
        if (!entry) return html;
        // The entry's own files are in index.html already.
        const loaded = withImports(bundle, entry.fileName, new Set());
        const chunks = chunksByModule(bundle, root);
        // One list per distinct set of modules ('/' and /dashboard share theirs), each page naming its list.
        const lists: string[][] = [];
        const listKeys: string[] = [];
        const pages: Record<string, number> = {};
        const signedIn: string[] = [];
        for (const [page, { modules, signedIn: protectedPage }] of Object.entries(LANDING_PAGES)) {
          const key = modules.join();
          if (!listKeys.includes(key)) {
            const needed = new Set<string>();
            for (const module of modules) {
              const chunk = chunks.get(module);
              if (!chunk) throw new Error(`landing-preload: no chunk for ${module}`);
              withImports(bundle, chunk.fileName, needed);
            }
            listKeys.push(key);
            lists.push([...needed].filter((file) => !loaded.has(file)));
          }
          pages[page] = listKeys.indexOf(key);
          if (protectedPage) signedIn.push(page);
        }
        const source =
          `(function(f,n,s){var p=location.pathname,t=null;try{t=localStorage.getItem('token')}catch(e){}` +
          `if(s.indexOf(p)>=0&&!t)p=${JSON.stringify(paths.login)};(f[n[p]]||[]).forEach(function(h){` +
          `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+h;document.head.appendChild(l)})})` +
          `(${JSON.stringify(lists)},${JSON.stringify(pages)},${JSON.stringify(signedIn)});\n`;
        const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/landing-preload-${hash}.js`, source };
        // First in <head> and high priority: over HTTP/1.1 the browser opens six connections, and as the last of seven
        // files a low-priority async script waited for one, delaying the ~20 files it announces.
        return [{ tag: 'script', attrs: { async: true, fetchpriority: 'high', src: `/${script.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    async writeBundle() {
      if (!script) return;
      // Written after the bundle, so precompress() does not see it: its own brotli and gzip copies.
      const file = path.join(outDir, script.fileName);
      fs.writeFileSync(file, script.source);
      await writeCompressedCopies(file, Buffer.from(script.source));
    },
  };
}
