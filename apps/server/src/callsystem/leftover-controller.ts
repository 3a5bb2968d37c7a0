import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { isLockHolderRunning, readDataDirLock, type DataDirLock } from "@caresuite/simulator/data-dir-lock";

/**
 * A virtual call system left running on our data dir by an earlier server (one that was killed
 * before children died with their parent). It holds the data dir's lock and the port;
 * a new child could do neither, while the old one answered in its place. It is replaced only
 * when it is provably the bundled simulator: the lock's pid and start time match a running
 * process whose command line runs `simulatorMain`. Any other holder is left alone (the new
 * child then refuses the data dir with a clear error).
 */
export async function replaceLeftoverController(simulatorDir: string, port: number, simulatorMain: string, log: FastifyBaseLogger): Promise<void> {
  const lock = readDataDirLock(simulatorDir);
  if (!lock || !isLockHolderRunning(lock)) return;
  if (!runsScript(lock.pid, simulatorMain)) {
    log.error({ pid: lock.pid, dir: simulatorDir }, "the virtual call system's data dir is held by a process that is not a virtual call system: left alone");
    return;
  }
  log.warn({ pid: lock.pid, dir: simulatorDir }, "a leftover virtual call system runs on this data dir: stopping it");
  await terminate(lock);
  await waitForFreePort(port, 10_000);
}

/** The process's command line (argv) runs the given script; false where /proc cannot tell. */
export function runsScript(pid: number, script: string): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return argv.slice(1).includes(script);
  } catch {
    return false;
  }
}

async function waitUntil(done: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGTERM (it stores its state and releases the lock), SIGKILL after 10 s. */
async function terminate(lock: DataDirLock): Promise<void> {
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(lock.pid, name);
    } catch {
      // Gone already.
    }
  };
  signal("SIGTERM");
  if (await waitUntil(() => !isLockHolderRunning(lock), 10_000)) return;
  signal("SIGKILL");
  if (!(await waitUntil(() => !isLockHolderRunning(lock), 5_000))) throw new Error(`the leftover virtual call system (pid ${lock.pid}) does not stop`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function waitForFreePort(port: number, ms: number): Promise<void> {
  if (!(await waitUntil(() => portIsFree(port), ms))) throw new Error(`port ${port} is still in use after the leftover virtual call system stopped`);
}
