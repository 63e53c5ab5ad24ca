/** npm run bench: runs every benchmark in this folder (bench/<name>.ts with a `bench:<name>` script), one after another. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(dir, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
const benches = scripts.filter((s) => s.startsWith('bench:') && fs.existsSync(path.join(dir, `${s.slice(6)}.ts`))).sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('node', ['--import', 'tsx', path.join(dir, `${name.slice(6)}.ts`)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed += 1;
}
console.log(`\n${benches.length} benchmarks run${failed ? `, ${failed} failed` : ''}.`);
process.exit(failed ? 1 : 0);
