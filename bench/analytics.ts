// The analytics screen's queries over a year of about a million calls (target: each ≤ 300 ms p95
// on SQLite and PostgreSQL; docs/decisions/034-analytics.md).
//   node bench/analytics.ts [--rate 1600] [--runs 20] [--dialect sqlite|postgres]   (SQLite; with DATABASE_URL also PostgreSQL)
// Fills system 1 with the demo hospital and 365 days of simulated history as bench/calllog.ts does
// (modules/calls/call-history.ts; 1600 calls a day plus the visits' presence calls give about a
// million rows), runs ANALYZE, then times each part of callAnalytics (every chart asks its own
// part) and the health boxes through the whole HTTP + GraphQL stack in-process (app.inject).
// Another process on the machine shows in the times: the load average is printed with the table.
// Before the queries the analytics rollup's background pass folds the year into memory
// (docs/decisions/046-analytics-in-memory.md; its time and the columns' size are printed), while a writer applies call events as the call path does
// (open + close, one event per transaction): their latency during the fold and at rest is printed.
// --no-rollup times the queries from the calls alone (as before the rollup).
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { demoHospital, generatedSite } from "@caresuite/simulator";
import { sql } from "kysely";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { applyControllerEvent } from "../apps/server/src/modules/calls/apply-event.ts";
import { currentRollup, runAnalyticsRollupPass } from "../apps/server/src/modules/analytics/analytics-rollup.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import type { Kysely } from "kysely";

const { values } = parseArgs({
  options: {
    rate: { type: "string", default: "1600" },
    runs: { type: "string", default: "20" },
    dialect: { type: "string" },
    "no-rollup": { type: "boolean", default: false },
    // A generated site of about this many tree nodes instead of the demo hospital (20000: the target's 20,000 devices' order).
    "site-nodes": { type: "string" },
  },
});
const RUNS = Number(values.runs);
const DAY = 86_400_000;
const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)] ?? NaN;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const STAT = "calls median_seconds p90_seconds";
const PARTS: [string, string][] = [
  ["volume (opened, by day, heat map)", "opened by_day { date opened mean_response_seconds } heat_map { weekday hour opened }"],
  ["by hour of day", `by_hour { hour opened ${STAT} }`],
  ["by shift (+ overall)", `by_shift { shift opened ${STAT} } overall { ${STAT} }`],
  ["by room", `by_room { room_id room_name ${STAT} }`],
  ["by call type", `by_call_type { call_type_id name ${STAT} }`],
  ["longest waits (10)", "longest_waits(limit: 10) { id response_seconds room_id room_name }"],
];

let seq = 0;
/** One call opened and closed through the call path's apply function, one event per transaction; ms per event. */
async function callWrites(db: Kysely<Database>, pairs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const at = new Date().toISOString();
    for (const type of ["call.opened", "call.closed"] as const) {
      seq += 1;
      const event =
        type === "call.opened"
          ? { seq, type, at, data: { call_id: seq, device_id: 23, call_type_id: 4, section_id: 1, call_source_id: null, opened_at: at } }
          : { seq, type, at, data: { call_id: seq - 1, closed_at: at, reason: "reset" } };
      const started = performance.now();
      await applyControllerEvent(db, 1, event, Date.now());
      times.push(performance.now() - started);
    }
  }
  return times;
}
const ms = (list: number[], p: number): string => `${percentile(list, p).toFixed(1)} ms`;
const folding: string[] = [];
const memory: string[] = [];

console.log("| database | rows | period | query | min | p50 | p95 | target |\n|---|---|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS.filter((d) => !values.dialect || d === values.dialect)) {
  const server = await startTestServer(dialect);
  const now = Date.now();
  server.clock.now = now;
  await buildSystem(server.db.kysely, 1);
  const site = values["site-nodes"] ? generatedSite(Number(values["site-nodes"]), now) : demoHospital(now);
  await importControllerConfig(server.db.kysely, 1, site, now);
  if (values["site-nodes"]) {
    const devices = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "in", ["device", "tech"])
      .executeTakeFirstOrThrow();
    console.error(`site: ${Number(devices.n)} devices`);
  }
  const filled = performance.now();
  const generated = await generateCallHistory(server.db.kysely, { systemId: 1, days: 365, callsPerDay: Number(values.rate), now, seed: 1 });
  const rows = generated.calls + generated.presenceCalls;
  await sql`analyze`.execute(server.db.kysely);
  console.error(`${dialect}: ${rows} rows written in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
  if (!values["no-rollup"]) {
    const db = server.db.kysely;
    const atRest = await callWrites(db, 200);
    // The pass as the server runs it (slices of 2,000, pausing between them), again until it has
    // caught up: on PostgreSQL it folds up to an id one pass after it saw it.
    const load = loadavg()[0]!.toFixed(1);
    const started = performance.now();
    let done = false;
    const during: number[] = [];
    const writer = (async () => {
      // A call every 20 ms (a busy ward's burst, far above its average): Kysely's SQLite connection
      // lock is not fair, and a writer without pauses would keep the pass from ever getting it.
      while (!done) {
        during.push(...(await callWrites(db, 1)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const history = await db
      .selectFrom("calls")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    let folded = 0;
    for (;;) {
      const pass = await runAnalyticsRollupPass(db, dialect);
      folded += pass.folded + pass.pending;
      const state = currentRollup(db, 1);
      if (state && state.watermark >= Number(history.max)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const foldSeconds = (performance.now() - started) / 1000;
    const rollup = currentRollup(db, 1)!;
    memory.push(`${dialect}: ${rollup.columns.length} calls in ${(rollup.columns.bytes / 1_048_576).toFixed(1)} MB of columns`);
    done = true;
    await writer;
    await sql`analyze`.execute(db);
    folding.push(
      `| ${dialect} | ${folded} calls folded in ${foldSeconds.toFixed(1)} s (load ${load}) | ${ms(atRest, 50)} / ${ms(atRest, 99)} (${atRest.length} events) | ${ms(during, 50)} / ${ms(during, 99)} / max ${Math.max(...during).toFixed(0)} ms (${during.length} events) |`,
    );
  }
  const root = await buildUser(server.db.kysely, { username: "bench-admin", is_superuser: true });
  const admin = new TestClient(server.app);
  await admin.login(root.username, root.password);
  const licensed = await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
    c: "123456",
    code: buildActivationCode(),
  });
  if (licensed.errors) throw new Error(JSON.stringify(licensed.errors));
  const manager = await buildUser(server.db.kysely, {
    username: "bench-pflegedienstleitung",
    permissions: ["analytics::use_module", "analytics::see_low_battery_box", "analytics::see_not_reachable_box"],
  });
  const client = new TestClient(server.app);
  await client.login(manager.username, manager.password);

  const periods: [string, string][] = [
    ["year", `from: "${day(now - 365 * DAY)}", to: "${day(now)}"`],
    ["30 days", "range: DAYS_30"],
    ["24 hours", "range: HOURS_24"],
    ["year, Station 2, 2 call types", `from: "${day(now - 365 * DAY)}", to: "${day(now)}", section_ids: [2], call_type_ids: [3, 4]`],
  ];
  const cases: [string, string, string][] = [];
  for (const [period, filter] of periods)
    for (const [name, fields] of PARTS) cases.push([period, name, `{ callAnalytics(filter: { ${filter} }) { ${fields} } }`]);
  cases.push(["–", "low battery box", "{ analyticsLowBattery { total items { id name battery } } }"]);
  cases.push(["–", "not reachable box", "{ analyticsNotReachable { total items { id name reported_at } } }"]);
  for (const [period, name, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const started = performance.now();
      const answer = await client.gql(query);
      const took = performance.now() - started;
      if (answer.errors) throw new Error(`${name}: ${JSON.stringify(answer.errors)}`);
      if (i >= 2) times.push(took);
    }
    console.log(
      `| ${dialect} | ${rows} | ${period} | ${name} | ${Math.min(...times).toFixed(1)} ms | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | p95 ≤ 300 ms |`,
    );
  }
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  await server.close();
}
if (folding.length > 0) {
  console.log(
    "\n| database | the rollup's first pass over the year | call write p50 / p99 at rest | call write p50 / p99 during the pass |\n|---|---|---|---|",
  );
  for (const row of folding) console.log(row);
  for (const line of memory) console.log(line);
}
