import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { landingPreload } from './landing-preload.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), precompress(), landingPreload()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest (dist/.vite/manifest.json, never served) maps every screen to its chunks: the bundle budget reads it.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
