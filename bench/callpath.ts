// Issue 4 benchmarks:  node bench/callpath.ts   (SQLite; with DATABASE_URL the server uses PostgreSQL)
// - trigger (simulator press) → callsChanged received by the last of 500 subscribers (p50/p99)
// - durable apply rate of a burst of call events through the link
// - openCalls requests/s with 50 connections (autocannon)
// The server runs as its own process (as in production); the simulator and the clients run here.
import autocannon from "autocannon";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { startTestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { startServer } from "../e2e/support/server.ts";
import { applyControllerEvent } from "../apps/server/src/modules/calls/apply-event.ts";
import { buildSystem } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";

const SUBSCRIBERS = 500;
const TRIGGERS = 60;
const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

const simulator = await startTestSimulator();
const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL ? "" : "", LOG_LEVEL: "error" });
const gql = async (query: string) =>
  (await (await fetch(`${server.baseUrl}/backend/query`, { method: "POST", headers: { "content-type": "application/json", "x-cs-request": "1" }, body: JSON.stringify({ query }) })).json()) as { data?: Record<string, unknown>; errors?: unknown[] };
const configured = await gql(`mutation { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: ${simulator.port}) { id } }`);
if (configured.errors) throw new Error(JSON.stringify(configured.errors));
const lastSeq = async () => Number(/caresuite_callsystem_last_seq\{system="1"\} (\d+)/.exec(await (await fetch(`${server.baseUrl}/backend/metrics`)).text())?.[1] ?? 0);
while ((await lastSeq()) === 0) await new Promise((r) => setTimeout(r, 100));
const config = await simulator.get<{ system_tree: { id: number; kind: string; is_enabled: boolean }[] }>("/api/config");
const devices = config.system_tree.filter((n) => n.kind === "device" && n.is_enabled).map((n) => n.id);

// 1. Fan-out latency to 500 subscribers.
const wsUrl = `${server.baseUrl.replace("http", "ws")}/backend/query`;
const waiting = new Map<number, { started: number; pending: number; resolve: (ms: number) => void }>();
const clients: Client[] = [];
let ready = 0;
for (let i = 0; i < SUBSCRIBERS; i++) {
  const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { "X-CS-System": "01" } });
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
          const seen = (client as Client & { seen?: Set<number> });
          seen.seen ??= new Set();
          if (seen.seen.has(call.number)) continue;
          seen.seen.add(call.number);
          wait.pending -= 1;
          if (wait.pending === 0) wait.resolve(performance.now() - wait.started);
        }
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
while (ready < SUBSCRIBERS) await new Promise((r) => setTimeout(r, 50));
const latencies: number[] = [];
for (let i = 0; i < TRIGGERS; i++) {
  const device = devices[i % devices.length] as number;
  for (const client of clients) (client as Client & { seen?: Set<number> }).seen?.delete(device);
  const done = new Promise<number>((resolve) => waiting.set(device, { started: performance.now(), pending: SUBSCRIBERS, resolve }));
  await simulator.press(device, "alert");
  latencies.push(await done);
  waiting.delete(device);
  await simulator.press(device, "cancel");
  await new Promise((r) => setTimeout(r, 50));
}
for (const client of clients) await client.dispose();

// 2. Durable apply rate of a burst.
const before = await lastSeq();
const started = performance.now();
for (let i = 0; i < 1000; i += 20) {
  await Promise.all(devices.slice(0, 20).map(async (device) => {
    await simulator.press(device, "alert");
    await simulator.press(device, "cancel");
  }));
}
const target = (await simulator.get<{ last_seq: number }>("/api/journal?from=0&limit=1")).last_seq;
while ((await lastSeq()) < target) await new Promise((r) => setTimeout(r, 20));
const applySeconds = (performance.now() - started) / 1000;
const applied = target - before;

// 3. openCalls throughput.
for (const device of devices.slice(0, 8)) await simulator.press(device, "alert");
await new Promise((r) => setTimeout(r, 500));
const cannon = await autocannon({
  url: `${server.baseUrl}/backend/query`,
  method: "POST",
  connections: 50,
  duration: 10,
  headers: { "content-type": "application/json", "x-cs-request": "1" },
  body: JSON.stringify({ query: "{ openCalls { id number opened_at call_type { urgency color } section { name } system_tree_node { text_long } } }" }),
});

// 4. Durable apply alone: one event per transaction (the slowest case: live, one at a time).
const applyRates: string[] = [];
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
  applyRates.push(`${dialect} ${Math.round(2000 / ((performance.now() - t0) / 1000))}`);
  await local.close();
}

console.log("| measure | result | target |\n|---|---|---|");
console.log(`| trigger → callsChanged at the 500th of ${SUBSCRIBERS} subscribers (${TRIGGERS} triggers) | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms | p99 ≤ 100 ms |`);
console.log(`| durable apply of a burst (${applied} events, press → committed) | ${Math.round(applied / applySeconds)} events/s | ≥ 500 events/s |`);
console.log(`| durable apply, one event per transaction (2,000 call events) | ${applyRates.join(" / ")} events/s | ≥ 500 events/s |`);
console.log(`| openCalls, 50 connections, 10 s | ${Math.round(cannon.requests.average)} req/s (p99 ${cannon.latency.p99} ms, ${cannon.non2xx} non-2xx) | ≥ 3,000 req/s |`);
await server.stop();
await simulator.stop();
process.exit(0);
