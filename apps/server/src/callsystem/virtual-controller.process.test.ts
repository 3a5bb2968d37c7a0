import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isRunning, readDataDirLock } from "@caresuite/simulator/data-dir-lock";
import { openDatabase } from "../db/database.ts";
import { SIMULATOR_MAIN, readVirtualSettings } from "./virtual-controller.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain";

/**
 * Child lifetime with real processes: the server (`node apps/server/src/main.ts`, as `npm start`) on a
 * temp SQLite DATA_DIR, its virtual call system enabled as setup step 3 does it. The server is
 * killed with SIGKILL, stopped cleanly, and started on a data dir an older server left a
 * controller running on. (SQLite only: the database plays no part in a process's lifetime.)
 */
const SERVER_MAIN = resolve(import.meta.dirname, "../main.ts");

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

const parentOf = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);

interface Server {
  process: ChildProcess;
  url: string;
}

async function startServer(dataDir: string, port: number, controllerPort: number): Promise<Server> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CONTROLLER_PORT: String(controllerPort),
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/backend/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { process: child, url };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function useVirtualCallSystem(server: Server): Promise<void> {
  const response = await fetch(`${server.url}/backend/query`, {
    method: "POST",
    headers: JSON_POST_HEADERS,
    body: JSON.stringify({ query: "mutation { useVirtualCallSystem { id } }" }),
  });
  expect(await response.json()).toEqual({ data: { useVirtualCallSystem: { id: 1 } } });
}

describe("the virtual call system dies with its server", () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const step of cleanup.splice(0).reverse()) step();
  });

  function tempDataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "caresuite-lifetime-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }
  function killAtEnd(pid: number | undefined): void {
    cleanup.push(() => {
      if (pid && isRunning(pid)) process.kill(pid, "SIGKILL");
    });
  }

  it("kill -9 of the server: its virtual call system is gone within a few seconds", async () => {
    const dataDir = tempDataDir();
    const server = await startServer(dataDir, await freePort(), await freePort());
    killAtEnd(server.process.pid);
    await useVirtualCallSystem(server);
    const childPid = readDataDirLock(join(dataDir, "simulator"))?.pid ?? 0;
    killAtEnd(childPid);
    expect(parentOf(childPid)).toBe(server.process.pid);

    server.process.kill("SIGKILL");
    expect(await until(() => !isRunning(childPid), 5_000)).toBe(true);
  }, 60_000);

  it("a clean stop waits for the child; a restarted server replaces a controller an older server left running", async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const controllerPort = await freePort();
    const first = await startServer(dataDir, port, controllerPort);
    killAtEnd(first.process.pid);
    await useVirtualCallSystem(first);
    const firstChild = readDataDirLock(join(dataDir, "simulator"))?.pid ?? 0;
    killAtEnd(firstChild);
    const exited = new Promise((r) => first.process.once("exit", r));
    first.process.kill("SIGTERM");
    await exited;
    // The server exits only after its child did (and released its data dir).
    expect(isRunning(firstChild)).toBe(false);
    expect(readDataDirLock(join(dataDir, "simulator"))).toBeNull();

    // What a server before this fix left behind: a controller without a parent watch on the data dir.
    const db = openDatabase({ dataDir });
    const settings = await readVirtualSettings(db.kysely);
    await db.close();
    const leftover = spawn(
      process.execPath,
      [
        SIMULATOR_MAIN,
        "--host=127.0.0.1",
        `--port=${controllerPort}`,
        `--data=${join(dataDir, "simulator")}`,
        `--user=${settings?.username}`,
        "--log-level=silent",
      ],
      { env: { ...process.env, SIMULATOR_PASSWORD: settings?.password }, stdio: "ignore", detached: true },
    );
    leftover.unref();
    killAtEnd(leftover.pid);
    expect(await until(() => readDataDirLock(join(dataDir, "simulator"))?.port === controllerPort, 15_000)).toBe(true);

    const second = await startServer(dataDir, port, controllerPort);
    killAtEnd(second.process.pid);
    expect(isRunning(leftover.pid ?? 0)).toBe(false);
    const secondChild = readDataDirLock(join(dataDir, "simulator"))?.pid ?? 0;
    killAtEnd(secondChild);
    expect(secondChild).not.toBe(leftover.pid);
    expect(parentOf(secondChild)).toBe(second.process.pid);

    second.process.kill("SIGKILL");
    expect(await until(() => !isRunning(secondChild), 5_000)).toBe(true);
  }, 90_000);
});
