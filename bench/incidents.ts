// "One incident evaluation pass over 20,000 devices ≤ 1 s" (the incident engine,
// apps/server/src/modules/incidents/incident-engine.ts; docs/decisions/033-incident-engine.md).
//   node bench/incidents.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Imports the virtual call system's generated site of 20,000 nodes into system 1 (about 4 % of its
// devices start with a low battery), then lets the call path report what a site reports
// (applyControllerEvents: 500 devices drop off the radio, 24 h of calls: patient calls, defect
// calls), adds two probable-defect monitors through GraphQL and times whole passes:
// - first: every condition of the site becomes an incident (the engine's worst case, once);
// - steady: nothing changed since (what the periodic pass does almost always);
// - after changes: 200 batteries changed and 100 devices back on the radio.
// While the passes run, call.opened events go through the call path, timed (apply + commit).
// The machine's load shows in the times: `uptime` before a run says how much of it is the server's.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { generatedSite } from "@caresuite/simulator";
import type { EventEnvelope } from "@caresuite/protocol";
import { applyControllerEvents } from "../apps/server/src/modules/calls/apply-event.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { evaluateIncidents } from "../apps/server/src/modules/incidents/incident-engine.ts";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { dataOf } from "../e2e/support/api.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";

const NODES = 20_000;
const STEADY_RUNS = 10;
const MIN = 60_000;
const HOUR = 60 * MIN;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

console.log(
  "| database | pass | devices | opened | changed | resolved | min | p50 | max | event loop delay max | call path during passes p99 |\n|---|---|---|---|---|---|---|---|---|---|---|",
);
for (const dialect of TEST_DIALECTS) {
  const server = await startTestServer(dialect);
  const db = server.db.kysely;
  await buildSystem(db, 1);
  const start = Date.now() - 2 * 86_400_000;
  await importControllerConfig(db, 1, generatedSite(NODES, start), start);
  const devices = (await db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", 1).where("kind", "=", "device").orderBy("id").execute()).map(
    (d) => d.id,
  );
  let seq = 0;
  const send = async (at: number, events: { type: string; data: Record<string, unknown> }[]): Promise<void> => {
    for (let i = 0; i < events.length; i += 500) {
      const batch: EventEnvelope[] = events.slice(i, i + 500).map((e) => ({ seq: ++seq, type: e.type, at: new Date(at).toISOString(), data: e.data }));
      await applyControllerEvents(db, 1, batch, at);
    }
  };
  // 500 devices off the radio since a day ago (every type's default timeout is at most 24 h).
  await send(
    start + 12 * HOUR,
    devices.slice(0, 500).map((id) => ({ type: "device.reachability", data: { device_id: id, reachable: false } })),
  );
  // A day of calls: 3,000 patient calls (type 4) spread over 300 devices, 40 open defect calls (type 1).
  const calls: { type: string; data: Record<string, unknown> }[] = [];
  const dayStart = start + 24 * HOUR;
  for (let i = 0; i < 3000; i++) {
    const opened = new Date(dayStart + i * 20_000).toISOString();
    calls.push({
      type: "call.opened",
      data: { call_id: 1_000_000 + i, device_id: devices[1000 + (i % 300)], call_type_id: 4, section_id: null, call_source_id: null, opened_at: opened },
    });
  }
  for (let i = 0; i < 40; i++) {
    calls.push({
      type: "call.opened",
      data: {
        call_id: 2_000_000 + i,
        device_id: devices[2000 + i],
        call_type_id: 1,
        section_id: null,
        call_source_id: null,
        opened_at: new Date(dayStart).toISOString(),
      },
    });
  }
  await send(dayStart + 23 * HOUR, calls);
  const now = start + 2 * 86_400_000;
  // The monitors as a technician makes them: through GraphQL (docs/decisions/029).
  const root = await buildUser(db, { username: "bench-admin", is_superuser: true });
  const admin = new TestClient(server.app);
  await admin.login(root.username, root.password);
  dataOf(
    await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    }),
  );
  for (const [name, criterion, threshold] of [
    ["Patientenruf-Häufung", "0x4", 8],
    ["Technik-Häufung", "0x1", 3],
  ] as const) {
    dataOf(
      await admin.gql("mutation($data: IncidentMonitorInput!) { createIncidentMonitor(data: $data) { id } }", {
        data: { name, criterion, threshold, timeframe: 24 },
      }),
    );
  }

  // The call path while passes run: a call.opened every 20 ms, timed from apply to commit.
  const callTimes: number[] = [];
  let calling = true;
  let callSeq = 3_000_000;
  const caller = (async () => {
    while (calling) {
      const started = performance.now();
      await send(now, [
        {
          type: "call.opened",
          data: {
            call_id: ++callSeq,
            device_id: devices[5000 + (callSeq % 1000)],
            call_type_id: 3,
            section_id: null,
            call_source_id: null,
            opened_at: new Date(now).toISOString(),
          },
        },
      ]);
      callTimes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  const row = async (pass: string, runs: number, prepare?: () => Promise<void>): Promise<void> => {
    const times: number[] = [];
    let last = { devices: 0, opened: 0, changed: 0, resolved: 0 };
    callTimes.length = 0;
    if (prepare) await prepare();
    callTimes.length = 0;
    // The longest the event loop was held during the passes: what a call waits at worst.
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await evaluateIncidents(db, null, 1, now);
      times.push(performance.now() - started);
    }
    delay.disable();
    console.log(
      `| ${dialect} | ${pass} | ${last.devices} | ${last.opened} | ${last.changed} | ${last.resolved} | ${Math.min(...times).toFixed(0)} ms | ${percentile(times, 50).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${(delay.max / 1e6).toFixed(0)} ms | ${callTimes.length === 0 ? "–" : `${percentile(callTimes, 99).toFixed(1)} ms`} (${callTimes.length} calls) |`,
    );
  };
  await row("first (opens every incident)", 1);
  await row("steady (no change)", STEADY_RUNS);
  await row("after 200 batteries changed, 100 devices back (reported first)", 1, async () => {
    const lowBattery = (await db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", 1).where("battery", "<", 40).limit(200).execute()).map(
      (d) => d.id,
    );
    await send(now, [
      ...lowBattery.map((id) => ({ type: "device.battery", data: { device_id: id, battery: 100 } })),
      ...devices.slice(0, 100).map((id) => ({ type: "device.reachability", data: { device_id: id, reachable: true } })),
    ]);
  });
  calling = false;
  await caller;
  await server.close();
}
