import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isRunning, readDataDirLock } from "./data-dir-lock.ts";
import { tempDataDir } from "./test-support.ts";

const MAIN = join(import.meta.dirname, "main.ts");

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * a controller started with --parent dies with its parent, by either guard: EOF on
 * the stdin pipe the parent holds, or the parent pid no longer being its parent.
 */
describe("a controller started with --parent", () => {
  const started: ChildProcess[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("stops cleanly when its stdin reaches EOF", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const child = spawn(process.execPath, [MAIN, "--port=0", `--data=${dataDir}`, `--parent=${process.pid}`, "--log-level=silent"], {
      stdio: ["pipe", "ignore", "inherit"],
    });
    started.push(child);
    expect(await until(() => readDataDirLock(dataDir)?.port !== undefined, 15_000)).toBe(true);
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.stdin?.end();
    expect(await exited).toBe(0);
    // A clean stop: the lock is released, not left for the next start to judge.
    expect(readDataDirLock(dataDir)).toBeNull();
  }, 30_000);

  it("exits when its parent dies although its stdin stays open (the parent-pid guard)", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // A parent that hands on its own stdin (our pipe, which we keep open) and reports the child's pid.
    const parentScript = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, [${JSON.stringify(MAIN)}, "--port=0", "--data=${dataDir}", "--parent=" + process.pid, "--log-level=silent"], { stdio: ["inherit", "ignore", "inherit"] });
      process.stdout.write(child.pid + "\\n");
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", parentScript], { stdio: ["pipe", "pipe", "inherit"] });
    started.push(parent);
    const childPid = await new Promise<number>((resolve) => parent.stdout?.once("data", (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
    expect(await until(() => readDataDirLock(dataDir)?.port !== undefined, 15_000)).toBe(true);
    parent.kill("SIGKILL");
    expect(await until(() => !isRunning(childPid), 8_000)).toBe(true);
  }, 30_000);
});
