import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * Who holds a data dir: the pid and the process's start time (the kernel's, from /proc), so a pid
 * the system gave to another process since is not taken for the holder. `start` is null where
 * there is no /proc (and in locks written before the start time was recorded).
 */
export interface DataDirLock {
  pid: number;
  start: string | null;
  /** Set once the controller listens: a parent knows the port's answers are this process's. */
  port?: number;
}

export interface HeldDataDirLock {
  /** Records the port this process now listens on. */
  listening(port: number): void;
  release(): void;
}

export const LOCK_FILE = "simulator.lock";

/** State (field 3) and start time in clock ticks since boot (field 22) of /proc/<pid>/stat. */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] && fields[19] ? { state: fields[0], start: fields[19] } : null;
  } catch {
    return null;
  }
}

export function processStartTime(pid: number): string | null {
  return procStat(pid)?.start ?? null;
}

/** The pid runs; a zombie (dead, not yet reaped by its parent) does not. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return procStat(pid)?.state !== "Z";
}

/** The lock of a data dir, or null when there is none (or it cannot be read). */
export function readDataDirLock(dataDir: string): DataDirLock | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), "utf8").trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), start: null };
  try {
    const parsed = JSON.parse(text) as Partial<DataDirLock>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return null;
    const lock: DataDirLock = { pid: parsed.pid as number, start: typeof parsed.start === "string" ? parsed.start : null };
    return Number.isInteger(parsed.port) ? { ...lock, port: parsed.port } : lock;
  } catch {
    return null;
  }
}

/** The process that wrote the lock still runs (same pid and, where known, same start time). */
export function isLockHolderRunning(lock: DataDirLock): boolean {
  if (!isRunning(lock.pid)) return false;
  if (lock.start === null) return true;
  // A pid whose start time cannot be read (no /proc) is judged by the pid alone.
  const start = processStartTime(lock.pid);
  return start === null || start === lock.start;
}

/**
 * One controller per data dir: two writers would interleave their journals and reuse seqs. A
 * lock left by a process that died (or whose pid now belongs to another process) is taken over.
 */
export function lockDataDir(dataDir: string): HeldDataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const own: DataDirLock = { pid: process.pid, start: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${JSON.stringify(own)}\n`);
      closeSync(fd);
      return {
        listening: (port) => {
          // Replaced whole (temp file + rename): a reader never sees half a lock.
          writeFileSync(`${path}.tmp`, `${JSON.stringify({ ...own, port })}\n`);
          renameSync(`${path}.tmp`, path);
        },
        release: () => rmSync(path, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readDataDirLock(dataDir);
      if (holder && isLockHolderRunning(holder)) {
        throw new Error(`data dir ${dataDir} is in use by process ${holder.pid} (${path})`, { cause: error });
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${path}`);
}
