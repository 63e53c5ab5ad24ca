import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process lock, so the process that owns DATA_DIR holds a lock file naming itself.
 * A second live process on the same directory stops with a clear message instead of corrupting it.
 *
 * The file names the holder by pid and by its start time (Linux: /proc/<pid>/stat). The lock is held only while
 * that very process lives: a dead holder left as a zombie (its parent never reaped it), or another program that
 * got the same pid later, does not hold it, so a restart right after kill -9 is never refused.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const mine = JSON.stringify(identityOf(process.pid));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let content: string;
      try {
        content = fs.readFileSync(lockPath, 'utf8');
      } catch {
        continue; // removed in between: try again
      }
      const holder = parseHolder(content);
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another DealRadar process (pid ${holder.pid}). ` +
            'The embedded database allows one process only: stop the other one, choose another DATA_DIR, or set DATABASE_URL.',
          { cause: error },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

interface Holder {
  pid: number;
  /** Start time of the process in clock ticks after boot (field 22 of /proc/<pid>/stat); absent off Linux. */
  start?: string;
}

function parseHolder(content: string): Holder | undefined {
  const text = content.trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) }; // written by an older version: the pid alone
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    return typeof parsed.pid === 'number' && parsed.pid > 0
      ? { pid: parsed.pid, start: typeof parsed.start === 'string' ? parsed.start : undefined }
      : undefined;
  } catch {
    return undefined; // unreadable: nobody can be proven to hold it
  }
}

/** `/proc/<pid>/stat` as state and start time; undefined when the process does not exist (or off Linux). */
function procStat(pid: number): { state: string; start: string } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may contain spaces and parentheses, so split after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, start: fields[19]! };
}

export function identityOf(pid: number): Holder {
  const stat = procStat(pid);
  return stat ? { pid, start: stat.start } : { pid };
}

/** Whether the process named in the lock file is still the live process that wrote it. */
export function holdsLock(holder: Holder): boolean {
  if (fs.existsSync('/proc/self/stat')) {
    const stat = procStat(holder.pid);
    if (!stat) return false; // gone
    if (stat.state === 'Z' || stat.state === 'X') return false; // dead, not yet reaped by its parent
    if (holder.start !== undefined) return stat.start === holder.start; // otherwise the pid was reused
    return isNodeProcess(holder.pid); // an old lock file: at least a Node.js process must have that pid
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    const argv0 = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return /node/i.test(path.basename(argv0));
  } catch {
    return false;
  }
}
