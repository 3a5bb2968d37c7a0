import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { readSetting, writeSetting } from "../db/settings.repo.ts";
import { fetchFirmwareVersion, type ControllerAddress } from "./protocol-client.ts";

/**
 * The bundled virtual call system (issue 4): the server starts apps/simulator as a child process
 * on loopback and talks to it over the protocol, exactly like to real hardware. Its credentials
 * are generated once and kept in the settings; its data (journal) lives in DATA_DIR/simulator.
 */
const SIMULATOR_MAIN = resolve(import.meta.dirname, "../../../simulator/src/main.ts");
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

/** Starts the child and waits until it answers the protocol (at most 20 s). */
export async function startVirtualController(settings: VirtualControllerSettings, dataDir: string, log: FastifyBaseLogger): Promise<VirtualController> {
  const address: ControllerAddress = { host: "127.0.0.1", port: settings.port, username: settings.username, password: settings.password };
  const child: ChildProcess = spawn(
    process.execPath,
    // --name=value throughout: a generated password may start with "-", which as a separate
    // argument would read as an option (the child then refused to start).
    [
      SIMULATOR_MAIN,
      "--host=127.0.0.1",
      `--port=${settings.port}`,
      `--data=${join(dataDir, "simulator")}`,
      `--user=${settings.username}`,
      `--password=${settings.password}`,
      `--traffic=${settings.traffic ? "on" : "off"}`,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  child.once("exit", (code, signal) => log.warn({ code, signal }, "virtual call system exited"));
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetchFirmwareVersion(address);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill("SIGTERM");
        throw new Error(`the virtual call system did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  log.info({ port: settings.port }, "virtual call system started");
  return {
    address,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
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
