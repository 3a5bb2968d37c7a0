import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSimulator, type RunningSimulator } from "@caresuite/simulator";
import type { PressKind } from "@caresuite/protocol";

export interface TestSimulator {
  port: number;
  url: string;
  dataDir: string;
  running: RunningSimulator;
  /** Presses a device through the protocol (as the demo and a person would). */
  press(deviceId: number, kind: PressKind, callTypeId?: number): Promise<unknown>;
  /** GET a protocol path with the simulator's credentials. */
  get<T>(path: string): Promise<T>;
  /** POST a JSON body to a protocol path with the simulator's credentials. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** Stops the process-internal simulator (its data dir stays for a restart unless `remove`). */
  stop(remove?: boolean): Promise<void>;
}

const AUTH = `Basic ${Buffer.from("admin:admin").toString("base64")}`;

/** The virtual call system on a free loopback port with a fresh (or given) data dir. */
export async function startTestSimulator(
  options: {
    dataDir?: string;
    port?: number;
    traffic?: boolean;
    /** Time per publish step unit (default 20 ms; a browser test that watches a publish wants seconds). */
    publishStepMs?: number;
  } = {},
): Promise<TestSimulator> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "caresuite-sim-"));
  const running = await startSimulator({ port: options.port ?? 0, dataDir, traffic: options.traffic ?? false, publishStepMs: options.publishStepMs ?? 20 });
  const call = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const send = () =>
      fetch(`${running.url}${path}`, {
        method,
        // No keep-alive: after a restart on the same port a pooled socket would be dead.
        headers: { authorization: AUTH, connection: "close", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const response = await send().catch(() => send());
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    port: running.port,
    url: running.url,
    dataDir,
    running,
    press: (deviceId, kind, callTypeId) => call("POST", `/api/devices/${deviceId}/press`, { kind, ...(callTypeId ? { call_type_id: callTypeId } : {}) }),
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    stop: async (remove = true) => {
      await running.stop();
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
