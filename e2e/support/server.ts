import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Ports this process handed out: the OS may offer a just-released port again. */
const handedOut = new Set<number>();

/**
 * A free loopback port (e.g. for CONTROLLER_PORT, the virtual call system of a demo server),
 * never one handed out before in this process: a server and its controller asked one after the
 * other could otherwise get the same port, and the second to bind fails.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function probePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server (`node apps/server/src/main.ts`, as `npm start` does) on a fresh SQLite
 * database in a temp folder, serving the built web app. Browser tests always start from nothing.
 */
export async function startServer(env: Record<string, string> = {}, options: { supervised?: boolean } = {}): Promise<RunningServer> {
  // A given PORT keeps the address across a restart (the open page reconnects to it).
  const port = env["PORT"] ? Number(env["PORT"]) : await freePort();
  // An existing DATA_DIR restarts a server on the same database (fault tests).
  const dataDir = env["DATA_DIR"] ?? mkdtempSync(join(tmpdir(), "caresuite-e2e-"));
  // Supervised: `npm start`'s supervisor runs the server and restarts it into an installed update.
  const entry = options.supervised === true ? "apps/server/src/supervisor.ts" : "apps/server/src/main.ts";
  const child = spawn(process.execPath, [join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/backend/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Left running, the child would keep the test worker alive long after the failure.
      child.kill("SIGKILL");
      throw new Error("server did not start within 20 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      if (!env["KEEP_DATA"]) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
