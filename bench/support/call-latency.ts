// What the call-path benches measure while something else runs (a publish, an incident pass, a
// backup): trigger (POST /demo/call/trigger) → the call in the callsChanged list of the last of N
// board subscriptions, at a steady rate, and the server's event loop as a client sees it
// (GET /backend/health every 50 ms).
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { loadavg } from "node:os";
import { callSystemConnected, demoTrigger, signInApi } from "../../e2e/support/api.ts";
import { freePort, startServer } from "../../e2e/support/server.ts";
import { SYSTEM_HEADER } from "@caresuite/domain/api-contract";

const ALERT = 4;
/** One trigger every this many ms (an open or the close of the last one): a busy ward. */
const TRIGGER_EVERY_MS = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
export const ms = (value: number): string => `${Math.round(value).toLocaleString("en")} ms`;
/** "p50 …, p95 …, p99 …, max …" of a list of latencies. */
export const spread = (list: number[]): string =>
  `p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}, p99 ${ms(percentile(list, 99))}, max ${ms(Math.max(...list))}`;

export interface Boards {
  /** A graphql-ws client on the server (closed with the boards). */
  connect(): Client;
  /** The devices with an open call in the first board's list as last pushed. */
  openAtFirstBoard(): Set<number>;
  /** Opens `device`'s call and resolves with the ms until the last board lists it. */
  shown(device: number): { promise: Promise<number>; done(): void };
  dispose(): Promise<void>;
}

/** `count` board subscriptions of system 01; resolves once each has its first list. */
export async function connectBoards(baseUrl: string, count: number): Promise<Boards> {
  const wsUrl = `${baseUrl.replace("http", "ws")}/backend/query`;
  const clients: Client[] = [];
  const connect = (): Client => {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { [SYSTEM_HEADER]: "01" } });
    clients.push(client);
    return client;
  };
  const waiting = new Map<number, { started: number; pending: number; resolve: (ms: number) => void }>();
  let ready = 0;
  let openAtFirst = new Set<number>();
  for (let i = 0; i < count; i++) {
    const seen = new Set<number>();
    let first = true;
    connect().subscribe<{ callsChanged: { id: number; system_tree_node: { id: number } | null }[] }>(
      { query: "subscription { callsChanged { id number opened_at call_type { urgency color } section { name } system_tree_node { id text_long } } }" },
      {
        next: (value) => {
          if (first) ready += 1;
          first = false;
          const open = new Set((value.data?.callsChanged ?? []).map((call) => call.system_tree_node?.id ?? 0));
          if (i === 0) openAtFirst = open;
          for (const device of seen) if (!open.has(device)) seen.delete(device);
          for (const device of open) {
            if (seen.has(device)) continue;
            seen.add(device);
            const wait = waiting.get(device);
            if (wait && (wait.pending -= 1) === 0) wait.resolve(performance.now() - wait.started);
          }
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  }
  while (ready < count) await sleep(50);
  return {
    connect,
    openAtFirstBoard: () => openAtFirst,
    shown: (device) => ({
      promise: new Promise<number>((resolve) => waiting.set(device, { started: performance.now(), pending: count, resolve })),
      done: () => waiting.delete(device),
    }),
    dispose: async () => {
      for (const client of clients) await client.dispose();
    },
  };
}

/**
 * Triggers at a steady rate until `stop()`: open a call, wait until the boards show it, close it;
 * a different device each time. `loops` run side by side, each on devices of its own (a device is
 * waited for by one loop at a time). A call not shown within 10 s counts as lost, not as a time.
 */
export function steadyTriggers(baseUrl: string, boards: Boards, devices: number[], options: { loops?: number } = {}) {
  const latencies: { at: number; ms: number }[] = [];
  let lost = 0;
  let running = true;
  const loopCount = options.loops ?? 1;
  const loop = async (k: number) => {
    const mine = devices.filter((_, i) => i % loopCount === k);
    let index = 0;
    while (running) {
      const device = mine[(index++ * 37) % mine.length] as number;
      const shown = boards.shown(device);
      const tick = sleep(TRIGGER_EVERY_MS);
      const at = performance.now();
      await demoTrigger(baseUrl, device, ALERT);
      const latency = await Promise.race([shown.promise, sleep(10_000).then(() => null)]);
      if (latency === null) lost += 1;
      else latencies.push({ at, ms: latency });
      shown.done();
      await tick;
      await demoTrigger(baseUrl, device, ALERT, true);
      await sleep(TRIGGER_EVERY_MS);
    }
  };
  const loops = Array.from({ length: loopCount }, (_, k) => loop(k));
  return {
    latencies,
    lost: () => lost,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * GET /backend/health every 50 ms: how long the server's event loop keeps a client waiting. Answers
 * slower than `slowMs` are kept with the time they were asked and `label()` then (e.g. a phase).
 */
export function healthProbe(baseUrl: string, options: { slowMs?: number; label?: () => string } = {}) {
  const answers: number[] = [];
  const slow: { at: number; ms: number; label: string }[] = [];
  const slowMs = options.slowMs ?? 150;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const label = options.label?.() ?? "";
      await fetch(`${baseUrl}/backend/health`).then((r) => r.arrayBuffer());
      const took = performance.now() - started;
      answers.push(took);
      if (took > slowMs) slow.push({ at: started, ms: took, label });
      await sleep(50);
    }
  })();
  return {
    answers,
    slow,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Load averages (1/5/15 min), for the benches' tables: another process on the 2 cores shows in every time. */
export const loadAverages = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

/**
 * A demo server process whose virtual call system runs a generated site of `nodes` nodes (no
 * background traffic), with room for `boards` board sockets; resolves once the site is imported,
 * with the administrator's API client and the enabled devices.
 */
export async function startSiteServer(nodes: number, boards: number, env: Record<string, string> = {}) {
  const server = await startServer({
    DEMO_MODE: "true",
    CONTROLLER_PORT: String(await freePort()),
    LOG_LEVEL: "error",
    SIMULATOR_SITE_NODES: String(nodes),
    SIMULATOR_TRAFFIC: "off",
    WS_CONNECTIONS_PER_IP: String(boards + 10),
    ...env,
  });
  try {
    while (!(await callSystemConnected(server.baseUrl))) await sleep(200);
    const admin = await signInApi(server.baseUrl, "admin", "demo-admin");
    let list: { id: number; kind: string; is_enabled: boolean }[] = [];
    while (list.length < nodes) {
      await sleep(500);
      list = (await admin.query<{ systemTreeNodes: typeof list }>("{ systemTreeNodes { id kind is_enabled } }")).systemTreeNodes;
    }
    return { server, admin, devices: list.filter((n) => n.kind === "device" && n.is_enabled).map((n) => n.id) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
