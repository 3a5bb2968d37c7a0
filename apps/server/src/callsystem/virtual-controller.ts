import { readDataDirLock } from "@caresuite/simulator/data-dir-lock";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { readSetting, writeSetting } from "../db/settings.repo.ts";
import { replaceLeftoverController } from "./leftover-controller.ts";
import { fetchFirmwareVersion, type ControllerAddress } from "./protocol-client.ts";

/**
 * The bundled virtual call system: the server starts apps/simulator as a child process
 * on loopback and talks to it over the protocol, exactly like to real hardware. Its credentials
 * are generated once and kept in the settings; its data (journal) lives in DATA_DIR/simulator.
 */
/**
 * The simulator's declared entry point (`exports["./main"]` of apps/simulator/package.json), as
 * the real path of the script: the leftover check finds it on a process's command line.
 */
export const SIMULATOR_MAIN = createRequire(import.meta.url).resolve("@caresuite/simulator/main");
const SETTING = "virtual_callsystem";

export interface VirtualControllerSettings {
  port: number;
  username: string;
  password: string;
  traffic: boolean;
}

export async function readVirtualSettings(db: Kysely<Database>): Promise<VirtualControllerSettings | null> {
  return readSetting<VirtualControllerSettings>(db, SETTING);
}

export async function createVirtualSettings(db: Kysely<Database>, port: number, now: number): Promise<VirtualControllerSettings> {
  const settings = { port, username: "admin", password: randomBytes(18).toString("base64url"), traffic: true };
  await writeSetting(db, SETTING, settings, now);
  return settings;
}

export interface VirtualController {
  address: ControllerAddress;
  stop(): Promise<void>;
}

/** How long a stopping child may take before it is killed. */
const STOP_LIMIT_MS = 10_000;

/**
 * Starts the child and waits until it answers the protocol (at most 20 s). The child dies with
 * this process (docs/decisions/011-dev-licence-key-and-child-lifetime.md): it gets
 * `--parent` and a stdin pipe whose end it watches. A leftover controller on the data dir is
 * replaced first, and "started" means our child holds the data dir and answers: never another
 * controller that happens to listen on the port.
 */
export async function startVirtualController(settings: VirtualControllerSettings, dataDir: string, log: FastifyBaseLogger): Promise<VirtualController> {
  const address: ControllerAddress = { host: "127.0.0.1", port: settings.port, username: settings.username, password: settings.password };
  // Absolute: the leftover check compares it, and a child's relative path would follow its cwd.
  const simulatorDir = resolve(dataDir, "simulator");
  await replaceLeftoverController(simulatorDir, settings.port, SIMULATOR_MAIN, log);
  const child: ChildProcess = spawn(
    process.execPath,
    // --name=value throughout: a value starting with "-" as a separate argument reads as an option.
    [
      SIMULATOR_MAIN,
      "--host=127.0.0.1",
      `--port=${settings.port}`,
      `--data=${simulatorDir}`,
      `--user=${settings.username}`,
      // SIMULATOR_TRAFFIC in the server's environment, when set, decides instead of the stored
      // setting (browser tests that count calls turn the background traffic off).
      ...(process.env["SIMULATOR_TRAFFIC"] ? [] : [`--traffic=${settings.traffic ? "on" : "off"}`]),
      `--parent=${process.pid}`,
    ],
    {
      // The password goes through the environment: a command line shows in `ps` to every user.
      env: { ...process.env, SIMULATOR_PASSWORD: settings.password },
      // stdin is the parent-death pipe: we hold its write end and never write.
      stdio: ["pipe", "inherit", "inherit"],
    },
  );
  // A broken pipe must never surface as an unhandled 'error' event in the server.
  child.stdin?.on("error", () => undefined);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.once("exit", (code, signal) => log.warn({ code, signal }, "virtual call system exited"));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_LIMIT_MS);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    let failure: unknown = null;
    const lock = readDataDirLock(simulatorDir);
    // The child records the port in its lock only once it listens: then the port's answers are its own.
    if (lock && lock.pid === child.pid && lock.port === settings.port) {
      try {
        await fetchFirmwareVersion(address);
        break;
      } catch (error) {
        failure = error;
      }
    }
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      const why = failure instanceof Error ? failure.message : child.exitCode !== null ? `it exited with code ${child.exitCode}` : "no answer";
      throw new Error(`the virtual call system did not start: ${why}`, { cause: failure });
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  log.info({ port: settings.port, pid: child.pid }, "virtual call system started");
  return { address, stop };
}

/** Keeps at most one virtual controller running for this server. */
export interface VirtualManager {
  /** Starts it (creating its settings on first use) unless it runs; returns its address. */
  ensureRunning(): Promise<ControllerAddress>;
  /** Starts it at server start if it was set up before. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export function createVirtualManager(deps: { db: Kysely<Database>; dataDir: string; port: number; log: FastifyBaseLogger; now: () => number }): VirtualManager {
  let running: VirtualController | null = null;
  let starting: Promise<VirtualController> | null = null;
  const start = async (settings: VirtualControllerSettings): Promise<VirtualController> => {
    starting ??= startVirtualController(settings, deps.dataDir, deps.log).finally(() => (starting = null));
    running = await starting;
    return running;
  };
  return {
    ensureRunning: async () => {
      if (running) return running.address;
      const settings = (await readVirtualSettings(deps.db)) ?? (await createVirtualSettings(deps.db, deps.port, deps.now()));
      return (await start(settings)).address;
    },
    resume: async () => {
      const settings = await readVirtualSettings(deps.db);
      if (settings && !running) await start(settings);
    },
    stop: async () => {
      await running?.stop();
      running = null;
    },
  };
}
