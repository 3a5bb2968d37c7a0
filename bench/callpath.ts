// Call path benchmarks:  node bench/callpath.ts   (SQLite; with DATABASE_URL also PostgreSQL)
// Per database, with the server as its own process (as in production), the simulator and the
// clients in this process:
// - trigger (simulator press) → callsChanged received by the last of 500 subscribers (p50/p99)
// - durable apply rate through the link: a backlog of call events the controller journaled while
//   the server was down, applied (and committed) after it comes back
// - live burst: presses → committed, which the simulator's own press rate bounds
// - openCalls requests/s with 50 connections (autocannon)
// And the apply function alone, one event per transaction (the slowest case).
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { graphql } from "../e2e/support/api.ts";
import { startServer, type RunningServer } from "../e2e/support/server.ts";
import { applyControllerEvent } from "../apps/server/src/modules/calls/apply-event.ts";
import { buildSystem } from "../apps/server/src/test-support/builders.ts";
import { freshDatabase, startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { JSON_POST_HEADERS, SYSTEM_HEADER } from "@caresuite/domain/api-contract";

const SUBSCRIBERS = 500;
const TRIGGERS = 60;
const BACKLOG_PAIRS = 3000;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function lastSeq(server: RunningServer): Promise<number> {
  try {
    return Number(/caresuite_callsystem_last_seq\{system="1"\} (\d+)/.exec(await (await fetch(`${server.baseUrl}/backend/metrics`)).text())?.[1] ?? 0);
  } catch {
    return 0; // the server is still starting
  }
}
const journalEnd = async (simulator: TestSimulator) => (await simulator.get<{ last_seq: number }>("/api/journal?from=0&limit=1")).last_seq;

async function fanOut(server: RunningServer, simulator: TestSimulator, devices: number[]): Promise<number[]> {
  const wsUrl = `${server.baseUrl.replace("http", "ws")}/backend/query`;
  const waiting = new Map<number, { started: number; pending: number; resolve: (ms: number) => void }>();
  const clients: (Client & { seen?: Set<number> })[] = [];
  let ready = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const client: Client & { seen?: Set<number> } = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { [SYSTEM_HEADER]: "01" },
    });
    clients.push(client);
    let first = true;
    client.subscribe<{ callsChanged: { number: number }[] }>(
      { query: "subscription { callsChanged { id number } }" },
      {
        next: (value) => {
          if (first) {
            first = false;
            ready += 1;
          }
          for (const call of value.data?.callsChanged ?? []) {
            const wait = waiting.get(call.number);
            if (!wait) continue;
            client.seen ??= new Set();
            if (client.seen.has(call.number)) continue;
            client.seen.add(call.number);
            wait.pending -= 1;
            if (wait.pending === 0) wait.resolve(performance.now() - wait.started);
          }
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  }
  while (ready < SUBSCRIBERS) await sleep(50);
  const latencies: number[] = [];
  for (let i = 0; i < TRIGGERS; i++) {
    const device = devices[i % devices.length] as number;
    for (const client of clients) client.seen?.delete(device);
    const done = new Promise<number>((resolve) => waiting.set(device, { started: performance.now(), pending: SUBSCRIBERS, resolve }));
    await simulator.press(device, "alert");
    latencies.push(await done);
    waiting.delete(device);
    await simulator.press(device, "cancel");
    await sleep(50);
  }
  for (const client of clients) await client.dispose();
  return latencies;
}

/** Events the controller journaled while the server was down, applied after it is back. */
async function catchUp(
  server: RunningServer,
  simulator: TestSimulator,
  devices: number[],
  env: Record<string, string>,
): Promise<{ server: RunningServer; events: number; rate: number }> {
  while ((await lastSeq(server)) < (await journalEnd(simulator))) await sleep(20);
  const applied = await lastSeq(server);
  await server.stop();
  for (let i = 0; i < BACKLOG_PAIRS; i += 20) {
    await Promise.all(
      devices.slice(0, 20).map(async (device) => {
        await simulator.press(device, "alert");
        await simulator.press(device, "cancel");
      }),
    );
  }
  const target = await journalEnd(simulator);
  // Timed from the restart itself: the server's start is included, so the rate is a lower bound
  // (a fast server applies the whole backlog before its metrics endpoint first answers).
  const started = performance.now();
  const restarted = await startServer({ ...env, DATA_DIR: server.dataDir });
  while ((await lastSeq(restarted)) < target) await sleep(5);
  const seconds = (performance.now() - started) / 1000;
  const events = target - applied;
  return { server: restarted, events, rate: events / seconds };
}

async function liveBurst(server: RunningServer, simulator: TestSimulator, devices: number[]): Promise<{ events: number; rate: number }> {
  const before = await lastSeq(server);
  const started = performance.now();
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(
      devices.slice(0, 20).map(async (device) => {
        await simulator.press(device, "alert");
        await simulator.press(device, "cancel");
      }),
    );
  }
  const target = await journalEnd(simulator);
  while ((await lastSeq(server)) < target) await sleep(20);
  return { events: target - before, rate: (target - before) / ((performance.now() - started) / 1000) };
}

async function openCallsThroughput(server: RunningServer, simulator: TestSimulator, devices: number[]) {
  for (const device of devices.slice(0, 8)) await simulator.press(device, "alert");
  await sleep(500);
  return autocannon({
    url: `${server.baseUrl}/backend/query`,
    method: "POST",
    connections: 50,
    duration: 10,
    headers: JSON_POST_HEADERS,
    body: JSON.stringify({ query: "{ openCalls { id number opened_at call_type { urgency color } section { name } system_tree_node { text_long } } }" }),
  });
}

const rows: string[] = [];
for (const dialect of TEST_DIALECTS) {
  const database = await freshDatabase(dialect);
  // The e2e helper defaults to SQLite in its own DATA_DIR; PostgreSQL needs the URL passed on.
  // All 500 subscribers connect from this machine: above the default per-address WebSocket limit.
  const env = {
    LOG_LEVEL: "error",
    KEEP_DATA: "1",
    WS_CONNECTIONS_PER_IP: String(SUBSCRIBERS + 10),
    ...(dialect === "postgres" ? { DATABASE_URL: database.env["DATABASE_URL"] as string } : {}),
  };
  const simulator = await startTestSimulator();
  let server = await startServer(env);
  await graphql(
    server.baseUrl,
    `
      mutation ($port: Int) {
        createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: $port) {
          id
        }
      }
    `,
    { port: simulator.port },
  );
  while ((await lastSeq(server)) === 0) await sleep(100);
  const config = await simulator.get<{ system_tree: { id: number; kind: string; is_enabled: boolean }[] }>("/api/config");
  const devices = config.system_tree.filter((n) => n.kind === "device" && n.is_enabled).map((n) => n.id);

  const latencies = await fanOut(server, simulator, devices);
  const backlog = await catchUp(server, simulator, devices, env);
  server = backlog.server;
  const burst = await liveBurst(server, simulator, devices);
  const cannon = await openCallsThroughput(server, simulator, devices);

  rows.push(
    `| ${dialect}: trigger → callsChanged at the 500th of ${SUBSCRIBERS} subscribers (${TRIGGERS} triggers) | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms | p99 ≤ 100 ms |`,
  );
  rows.push(
    `| ${dialect}: durable apply through the link (backlog of ${backlog.events} events, timed from the server's restart) | ≥ ${Math.round(backlog.rate)} events/s | ≥ 500 events/s |`,
  );
  rows.push(
    `| ${dialect}: live burst, press → committed (${burst.events} events; bounded by the simulator's press rate) | ${Math.round(burst.rate)} events/s | — |`,
  );
  rows.push(
    `| ${dialect}: openCalls, 50 connections, 10 s | ${Math.round(cannon.requests.average)} req/s (p99 ${cannon.latency.p99} ms, ${cannon.non2xx} non-2xx) | ≥ 3,000 req/s |`,
  );
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  await simulator.stop();
  await database.drop();
}

// The apply function alone: one event per transaction (the slowest case: live, one at a time).
for (const dialect of TEST_DIALECTS) {
  const local = await startTestServer(dialect);
  await buildSystem(local.db.kysely, 1);
  const at = new Date().toISOString();
  const t0 = performance.now();
  for (let seq = 1; seq <= 2000; seq++) {
    const event =
      seq % 2 === 1
        ? { seq, type: "call.opened", at, data: { call_id: seq, device_id: 23, call_type_id: 4, section_id: null, call_source_id: null, opened_at: at } }
        : { seq, type: "call.closed", at, data: { call_id: seq - 1, closed_at: at, reason: "reset" } };
    await applyControllerEvent(local.db.kysely, 1, event, Date.now());
  }
  rows.push(
    `| ${dialect}: apply alone, one event per transaction (2,000 call events) | ${Math.round(2000 / ((performance.now() - t0) / 1000))} events/s | ≥ 500 events/s |`,
  );
  await local.close();
}

console.log("| measure | result | target |\n|---|---|---|");
for (const row of rows) console.log(row);
process.exit(0);
