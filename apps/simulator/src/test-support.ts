import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import type { SimulatorOptions } from "./options.ts";
import type { SimEvent } from "@caresuite/protocol";
import { startSimulator, type RunningSimulator } from "./simulator.ts";

/** Test helpers: a simulator in a temp dir, an authenticated HTTP client, an event socket. */

export const AUTH = `Basic ${Buffer.from("admin:admin").toString("base64")}`;

export interface TestSimulator extends RunningSimulator {
  dataDir: string;
  /** Stops it (if running) and deletes its data dir. */
  dispose(): Promise<void>;
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "caresuite-sim-"));
}

export async function startTestSimulator(options: Partial<SimulatorOptions> = {}): Promise<TestSimulator> {
  const dataDir = options.dataDir ?? tempDataDir();
  const simulator = await startSimulator({ port: 0, publishStepMs: 20, restartMs: 50, ...options, dataDir });
  return {
    ...simulator,
    dataDir,
    async dispose() {
      await simulator.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  text: string;
}

/** A request with the default credentials (or `auth`), JSON in and out. */
export async function api<T = Record<string, unknown>>(
  sim: { url: string },
  method: string,
  path: string,
  body?: unknown,
  auth: string | null = AUTH,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (auth) headers["authorization"] = auth;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (the 401 body is plain text).
  }
  return { status: response.status, body: parsed as T, text };
}

/** An event-stream client that collects what it receives. */
export interface EventSocket {
  events: SimEvent[];
  socket: WebSocket;
  /** Resolves once an event matches (checked against those already received too). */
  waitFor(match: (event: SimEvent) => boolean, timeoutMs?: number): Promise<SimEvent>;
  close(): Promise<void>;
}

export async function openEvents(sim: { url: string }, from = 0, auth = AUTH): Promise<EventSocket> {
  const socket = new WebSocket(`${sim.url.replace("http", "ws")}/api/events?from=${from}&client=test`, { headers: { authorization: auth } });
  const events: SimEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (raw) => {
    events.push(JSON.parse(String(raw)) as SimEvent);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
  return {
    events,
    socket,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = events.find(match);
          if (found) {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve(found);
          }
          return found !== undefined;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${events.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close() {
      if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        socket.once("close", () => resolve());
        socket.close();
      });
    },
  };
}

/** Polls until `check` returns a value that is not undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
