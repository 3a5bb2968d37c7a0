import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir, processStartTime, readDataDirLock } from "./data-dir-lock.ts";
import { tempDataDir } from "./test-support.ts";

describe("the data dir lock", () => {
  const dirs: string[] = [];
  const dir = (): string => {
    const created = tempDataDir();
    dirs.push(created);
    return created;
  };
  afterEach(() => {
    for (const created of dirs.splice(0)) rmSync(created, { recursive: true, force: true });
  });

  it("names its holder by pid and start time, and the port once it listens", () => {
    const dataDir = dir();
    const lock = lockDataDir(dataDir);
    expect(readDataDirLock(dataDir)).toEqual({ pid: process.pid, start: processStartTime(process.pid) });
    lock.listening(7701);
    expect(readDataDirLock(dataDir)).toEqual({ pid: process.pid, start: processStartTime(process.pid), port: 7701 });
    lock.release();
    expect(readDataDirLock(dataDir)).toBeNull();
  });

  it("refuses a data dir its running holder keeps", () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, "simulator.lock"), JSON.stringify({ pid: process.pid, start: processStartTime(process.pid) }));
    expect(() => lockDataDir(dataDir)).toThrow("in use");
  });

  // The pid of a controller that died may since belong to any other process: its start time
  // tells them apart, and the data dir is not blocked for ever.
  it("takes over a lock whose pid now belongs to another process", () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, "simulator.lock"), JSON.stringify({ pid: process.pid, start: "1" }));
    const lock = lockDataDir(dataDir);
    expect(readDataDirLock(dataDir)?.start).toBe(processStartTime(process.pid));
    lock.release();
  });

  it("still reads a lock of the old format (the pid alone)", () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, "simulator.lock"), String(process.pid));
    expect(readDataDirLock(dataDir)).toEqual({ pid: process.pid, start: null });
    expect(() => lockDataDir(dataDir)).toThrow("in use");
  });
});
