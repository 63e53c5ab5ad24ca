import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * A restart right after kill -9 must take the lock over even while the dead server's pid still exists (a zombie its
 * parent never reaped) or belongs to another process now; otherwise every start is blocked until the file is deleted.
 */
const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-lock-'));
  dirs.push(dir);
  return dir;
}
function startTicks(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}
function stateOf(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
}
/** A long-lived process (`sleep`) and, when zombie, the pid of its child that exited and was never reaped. */
async function sleeper(zombie: boolean): Promise<{ parent: number; zombie?: number }> {
  // sh starts a short child, prints its pid, then becomes `sleep 30` (same pid), which never reaps that child.
  const child = spawn('sh', ['-c', zombie ? 'sleep 0.1 & echo $!; exec sleep 30' : 'echo; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const line = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  if (!zombie) return { parent: child.pid! };
  const pid = Number(line);
  await waitFor(() => fs.existsSync(`/proc/${pid}/stat`) && stateOf(pid) === 'Z', 10_000);
  return { parent: child.pid!, zombie: pid };
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('the DATA_DIR lock', () => {
  it('refuses a second owner while the holder lives, and is free again once released', () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    // The same process again counts as a restart of itself; a live other holder is what must refuse.
    const content = JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'));
    expect(content).toEqual({ pid: process.pid, start: startTicks(process.pid) });
    unlock();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses to start while another live process holds the lock', async () => {
    const dir = tempDir();
    const { parent } = await sleeper(false);
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: parent, start: startTicks(parent) }));
    expect(() => lockDataDir(dir)).toThrow(`in use by another DealRadar process (pid ${parent})`);
  });

  it('takes over the lock of a dead holder that is still a zombie', async () => {
    const dir = tempDir();
    const { zombie } = await sleeper(true);
    expect(stateOf(zombie!)).toBe('Z'); // the pid exists: kill(pid, 0) succeeds on it
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: zombie, start: startTicks(zombie!) }));
    const unlock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    unlock();
  });

  it('takes over a lock whose pid now belongs to another process (reused pid)', async () => {
    const dir = tempDir();
    const { parent } = await sleeper(false);
    // The holder was pid `parent`, but a process that started at another moment.
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: parent, start: String(Number(startTicks(parent)) - 1) }));
    lockDataDir(dir)();
    // A lock file of an older version (the pid alone) naming a process that is not Node.js is no holder either.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(parent));
    lockDataDir(dir)();
  });

  it('takes over the lock of a holder that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 7, start: '1' }));
    lockDataDir(dir)();
  });
});
