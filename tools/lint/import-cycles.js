/**
 * Refuses import cycles between the source files of the server, the web app and the shared package (part of
 * `npm run lint`). A cycle makes the load order decide which module sees the other half-initialized, and it is the
 * first sign that two modules should be one or that a piece belongs lower down. Type-only imports are left out: they
 * vanish from the built code. Relative imports only; package imports cannot form a cycle within a workspace.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const TEST_FILE = /\.(test|spec)\.tsx?$|\.test-helpers\.ts$/;
/** `import … from './x.ts'`, `export … from './x.ts'`, `import './x.ts'`; `import type` / `export type` are skipped. */
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || TEST_FILE.test(entry.name)) return [];
    return [path.join(entry.parentPath, entry.name)];
  });
}

/** file → the files it imports at run time (repo-relative, forward slashes) */
export function importGraph(root = ROOT) {
  const graph = new Map();
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      const targets = new Set();
      for (const match of text.matchAll(IMPORT)) {
        if (match[1]) continue;
        targets.add(
          path
            .relative(root, path.resolve(path.dirname(file), match[2]))
            .split(path.sep)
            .join('/'),
        );
      }
      graph.set(path.relative(root, file).split(path.sep).join('/'), targets);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted: every such group holds a cycle. */
export function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] === import.meta.filename) {
  const cycles = importCycles(importGraph());
  for (const group of cycles) console.error(`Import cycle between:\n  ${group.join('\n  ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move the shared piece into a file both can import, or merge the files.`);
    process.exit(1);
  }
}
