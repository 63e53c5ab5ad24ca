import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { landingChunks } from './landing-chunks.ts';
import { landingPreload } from './landing-preload.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), precompress(), landingChunks(), landingPreload()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest (dist/.vite/manifest.json, never served) maps every screen to its chunks: the bundle budget reads it.
  // `npm run build` (build.ts) builds into a new folder under dist-builds/ and switches the link `dist` to it; the
  // browser tests and benchmarks pass --outDir. A bare `vite build` writes here, never into the live build behind `dist`.
  build: {
    outDir: 'dist-builds/vite',
    emptyOutDir: true,
    manifest: true,
    // What every page loads at start is one chunk (landing-chunks.ts): React, the router, Mantine's core, zod, … —
    // ~510 KB minified, ~135 KB brotli, the same code as before in one file instead of four.
    chunkSizeWarningLimit: 600,
  },
});
