// The analytics screen's queries over a year of about a million calls (target: each ≤ 300 ms p95
// on SQLite and PostgreSQL; docs/decisions/034-analytics.md).
//   node bench/analytics.ts [--rate 1600] [--runs 20] [--dialect sqlite|postgres]   (SQLite; with DATABASE_URL also PostgreSQL)
// Fills system 1 with the demo hospital and 365 days of simulated history as bench/calllog.ts does
// (modules/calls/call-history.ts; 1600 calls a day plus the visits' presence calls give about a
// million rows), runs ANALYZE, then times each part of callAnalytics (every chart asks its own
// part) and the health boxes through the whole HTTP + GraphQL stack in-process (app.inject).
// Another process on the machine shows in the times: the load average is printed with the table.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { demoHospital } from "@caresuite/simulator";
import { sql } from "kysely";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";

const { values } = parseArgs({
  options: { rate: { type: "string", default: "1600" }, runs: { type: "string", default: "20" }, dialect: { type: "string" } },
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

console.log("| database | rows | period | query | min | p50 | p95 | target |\n|---|---|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS.filter((d) => !values.dialect || d === values.dialect)) {
  const server = await startTestServer(dialect);
  const now = Date.now();
  server.clock.now = now;
  await buildSystem(server.db.kysely, 1);
  await importControllerConfig(server.db.kysely, 1, demoHospital(now), now);
  const filled = performance.now();
  const generated = await generateCallHistory(server.db.kysely, { systemId: 1, days: 365, callsPerDay: Number(values.rate), now, seed: 1 });
  const rows = generated.calls + generated.presenceCalls;
  await sql`analyze`.execute(server.db.kysely);
  console.error(`${dialect}: ${rows} rows written in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
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
