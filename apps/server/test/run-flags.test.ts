import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../run-flags.ts';

describe('the server is run alike everywhere', () => {
  it("npm start passes exactly run-flags.ts's flags and environment", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(manifest.scripts.start).toBe(['npm run build &&', ...env, 'node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'].join(' '));
  });
});
