import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles.js';

describe('import cycles', () => {
  it('finds a cycle through run-time imports and ignores type-only ones', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    try {
      write('apps/server/src/a.ts', "import { b } from './b.ts';\nexport const a = b;\n");
      write('apps/server/src/b.ts', "import {\n  c,\n} from './sub/c.ts';\nexport const b = c;\n");
      write('apps/server/src/sub/c.ts', "export { a } from '../a.ts';\nexport const c = 1;\n");
      write('apps/server/src/d.ts', "import type { a } from './a.ts';\nexport type D = typeof a;\n");
      write('apps/server/src/e.ts', "import { d } from './d.ts';\nexport const e = d;\n");
      write('apps/server/src/e.test.ts', "import { a } from './a.ts';\n");
      fs.mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
      fs.mkdirSync(path.join(root, 'packages/shared/src'), { recursive: true });

      const graph = importGraph(root);
      expect(graph.has('apps/server/src/e.test.ts')).toBe(false);
      expect(importCycles(graph)).toEqual([['apps/server/src/a.ts', 'apps/server/src/b.ts', 'apps/server/src/sub/c.ts']]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the repository has none', () => {
    expect(importCycles(importGraph())).toEqual([]);
  });
});
