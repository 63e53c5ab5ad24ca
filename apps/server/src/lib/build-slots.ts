import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { holdsLock, identityOf } from '../db/data-dir-lock.ts';

/**
 * Builds that are switched, never rewritten. `npm start` and `npm run worker` build the web app and
 * the server bundle; a second process started from the same checkout must not rebuild `apps/web/dist` and
 * `apps/server/dist` in place under the first one, whose pages would fail meanwhile. So:
 *
 * - every build goes into a directory of its own, `<slot>-builds/<hash>-<time>-<pid>` (e.g. apps/web/dist-builds/…),
 *   first under a `.tmp` name, and the slot's link (`apps/web/dist`, a symbolic link) is switched to it in one
 *   rename — a reader sees the old build or the new one, never half of one;
 * - a build stores the content hash of its inputs (`.build-hash`); when the inputs hash to the same value as the
 *   current build's, the build is skipped;
 * - a running process resolves the link once (its real directory) and keeps serving / loading that build until it
 *   restarts; it says so with a marker file `.in-use/<pid>.json` in the build (pid and start time, as the DATA_DIR
 *   lock does), so cleaning up never removes a build a live process uses;
 * - after a build, old builds are removed when no live process uses them and they were replaced more than
 *   `CLEANUP_GRACE_MS` ago (a process that is just starting has resolved the link but not written its marker yet).
 *
 * Dotfiles (`.build-hash`, `.in-use/`, `.replaced-at`) are never served (web-static.ts ignores dotfiles).
 */

export const BUILD_HASH_FILE = '.build-hash';
const IN_USE_DIR = '.in-use';
const REPLACED_AT_FILE = '.replaced-at';
/** How long a replaced build stays on disk at least, even with no marker in it. */
export const CLEANUP_GRACE_MS = 10 * 60_000;
/** A `.tmp` build older than this is a build that died half-way. */
const STALE_TMP_MS = 60 * 60_000;

export interface BuildSlot {
  /** The link every process opens, e.g. apps/web/dist. */
  link: string;
  /** Where the builds live, e.g. apps/web/dist-builds. */
  buildsDir: string;
}

export function slotOf(link: string): BuildSlot {
  const resolved = path.resolve(link);
  return { link: resolved, buildsDir: `${resolved}-builds` };
}

/**
 * sha256 over the files under `inputs` (files or directories, relative to `root`): each file's path and content, in
 * path order. node_modules, build outputs and dotfiles are left out.
 */
export function inputsHash(root: string, inputs: readonly string[], extra = ''): string {
  const hash = crypto.createHash('sha256');
  hash.update(extra);
  const files: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch {
      return; // an optional input that does not exist
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs)) {
        if (name.startsWith('.') || name === 'node_modules' || name === 'dist' || name.endsWith('-builds')) continue;
        walk(path.join(rel, name));
      }
    } else if (stat.isFile()) files.push(rel);
  };
  for (const input of inputs) walk(input);
  for (const rel of files.sort()) {
    hash.update(`\0${rel.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
  }
  return hash.digest('hex');
}

/** The real directory the slot's link points to, when it points into the slot's builds; undefined otherwise. */
export function currentBuild(slot: BuildSlot): string | undefined {
  try {
    if (!fs.lstatSync(slot.link).isSymbolicLink()) return undefined;
    return fs.realpathSync(slot.link);
  } catch {
    return undefined; // no link, or a link to a removed build
  }
}

export function buildHashOf(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, BUILD_HASH_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The current build when it was made from inputs with this hash and `complete(dir)` holds. */
export function unchangedBuild(slot: BuildSlot, hash: string, complete: (dir: string) => boolean): string | undefined {
  const current = currentBuild(slot);
  return current && buildHashOf(current) === hash && complete(current) ? current : undefined;
}

/** A fresh `.tmp` directory to build into, and its final name. */
export function newBuildDir(slot: BuildSlot, hash: string): { tmp: string; final: string } {
  fs.mkdirSync(slot.buildsDir, { recursive: true });
  const name = `${hash.slice(0, 12)}-${Date.now().toString(36)}-${process.pid}`;
  return { tmp: path.join(slot.buildsDir, `${name}.tmp`), final: path.join(slot.buildsDir, name) };
}

/**
 * Completes a build made in `tmp`: stores its hash, gives it its final name and switches the link to it atomically
 * (a new link beside the old one, renamed over it). A slot that is still a plain directory (a checkout from before
 * builds were switched) is first moved into the builds directory.
 */
export function publishBuild(slot: BuildSlot, dirs: { tmp: string; final: string }, hash: string): void {
  fs.writeFileSync(path.join(dirs.tmp, BUILD_HASH_FILE), `${hash}\n`);
  fs.renameSync(dirs.tmp, dirs.final);
  const previous = currentBuild(slot);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(slot.link);
  } catch {
    stat = undefined;
  }
  if (stat && !stat.isSymbolicLink()) {
    if (stat.isDirectory()) fs.renameSync(slot.link, path.join(slot.buildsDir, `legacy-${Date.now().toString(36)}`));
    else fs.rmSync(slot.link, { force: true });
  }
  const tmpLink = `${slot.link}.link-${process.pid}-${Date.now().toString(36)}`;
  fs.symlinkSync(path.relative(path.dirname(slot.link), dirs.final), tmpLink);
  fs.renameSync(tmpLink, slot.link);
  if (previous && previous !== dirs.final) fs.writeFileSync(path.join(previous, REPLACED_AT_FILE), String(Date.now()));
}

/** Builds anew with `make(dir)` into a fresh directory and publishes it; a failed build leaves nothing behind. */
export async function buildAnew(slot: BuildSlot, hash: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dirs = newBuildDir(slot, hash);
  try {
    await make(dirs.tmp);
  } catch (error) {
    fs.rmSync(dirs.tmp, { recursive: true, force: true });
    throw error;
  }
  publishBuild(slot, dirs, hash);
  return dirs.final;
}

/**
 * Marks `dir` as used by this process (when it is a switched build: it has a `.build-hash`). Returns the undo; a
 * marker left behind by a process that died counts for nothing.
 */
export function markInUse(dir: string): () => void {
  if (!buildHashOf(dir)) return () => undefined;
  const marker = path.join(dir, IN_USE_DIR, `${process.pid}.json`);
  try {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, JSON.stringify(identityOf(process.pid)));
  } catch {
    return () => undefined; // a read-only build: nothing will clean it up either
  }
  return () => fs.rmSync(marker, { force: true });
}

/** Whether a live process has marked `dir` as in use. */
export function inUse(dir: string): boolean {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(dir, IN_USE_DIR));
  } catch {
    return false;
  }
  return names.some((name) => {
    try {
      const holder = JSON.parse(fs.readFileSync(path.join(dir, IN_USE_DIR, name), 'utf8')) as { pid: number; start?: string };
      return typeof holder.pid === 'number' && holdsLock(holder);
    } catch {
      return false;
    }
  });
}

/**
 * Removes the slot's old builds: not the current one, none a live process uses, none replaced less than `graceMs`
 * ago, no `.tmp` build younger than an hour (another build may be writing it). Returns the removed directories.
 */
export function cleanOldBuilds(slot: BuildSlot, { graceMs = CLEANUP_GRACE_MS, now = Date.now() } = {}): string[] {
  const current = currentBuild(slot);
  let names: string[];
  try {
    names = fs.readdirSync(slot.buildsDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const dir = path.join(slot.buildsDir, name);
    if (dir === current || name.startsWith('.')) continue;
    let since: number;
    if (name.endsWith('.tmp')) {
      since = fs.statSync(dir).mtimeMs + STALE_TMP_MS - graceMs;
    } else {
      const replacedAt = Number(readText(path.join(dir, REPLACED_AT_FILE)));
      // Never current as far as we know (a build that lost a race to another one): its own age counts.
      since = Number.isFinite(replacedAt) && replacedAt > 0 ? replacedAt : fs.statSync(dir).mtimeMs;
    }
    if (now - since < graceMs || inUse(dir)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/**
 * Runs `fn` while holding the slot's build lock, so two processes starting together build once: the second waits,
 * then finds the build unchanged. A lock whose holder died is taken over.
 */
export async function withBuildLock<T>(slot: BuildSlot, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(slot.buildsDir, { recursive: true });
  const lockPath = path.join(slot.buildsDir, '.lock');
  const mine = JSON.stringify(identityOf(process.pid));
  for (;;) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid: number; start?: string } | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number; start?: string };
      } catch {
        holder = undefined; // being written right now, or removed in between
      }
      if (holder && typeof holder.pid === 'number' && !holdsLock(holder)) fs.rmSync(lockPath, { force: true });
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    if (readText(lockPath) === mine) fs.rmSync(lockPath, { force: true });
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
