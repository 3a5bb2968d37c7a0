// The call log at a year of about a million calls: the first page of the last 24 hours (targets:
// server p50 ≤ 5 ms on SQLite, ≤ 20 ms on PostgreSQL) and filter combinations over the whole year
// (p95 ≤ 50 ms). docs/decisions/024-call-log-paging.md.
//   node bench/calllog.ts [--rate 1600] [--runs 30] [--dialect sqlite|postgres]   (SQLite; with DATABASE_URL also PostgreSQL)
// Fills system 1 with the demo hospital and 365 days of simulated history (modules/calls/
// call-history.ts: --rate calls per day plus the presence calls of the visits; 1600 gives about a
// million rows), runs ANALYZE as `npm run simulate` does, then times callLog through the whole
// HTTP + GraphQL stack in-process (app.inject: server time, no network). Another process on the
// machine shows in the times: `uptime` before a run says how much of it is the server's.
import { parseArgs } from "node:util";
import { demoHospital } from "@caresuite/simulator";
import { sql } from "kysely";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";

const { values } = parseArgs({
  options: { rate: { type: "string", default: "1600" }, runs: { type: "string", default: "30" }, dialect: { type: "string" } },
});
const RUNS = Number(values.runs);
const DAY = 86_400_000;
const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface Case {
  name: string;
  filter: string;
  target: string;
  user?: "limited";
}

function cases(now: number, floorId: number): Case[] {
  const year = `from: "${day(now - 365 * DAY)}", to: "${day(now)}"`;
  return [
    { name: "24 hours, first page", filter: "{ range: HOURS_24 }", target: "p50 ≤ 5 / 20 ms" },
    { name: "24 hours, first page, limited user", filter: "{ range: HOURS_24 }", target: "p50 ≤ 5 / 20 ms", user: "limited" },
    { name: "year, first page", filter: `{ ${year} }`, target: "p95 ≤ 50 ms" },
    { name: "year, limited user (defects hidden)", filter: `{ ${year} }`, target: "p95 ≤ 50 ms", user: "limited" },
    { name: "year, emergency calls", filter: `{ ${year}, call_type_ids: [2] }`, target: "p95 ≤ 50 ms" },
    { name: "year, section Station 2", filter: `{ ${year}, section_ids: [2] }`, target: "p95 ≤ 50 ms" },
    { name: "year, node 1. OG (subtree)", filter: `{ ${year}, node_ids: [${floorId}] }`, target: "p95 ≤ 50 ms" },
    { name: "year, device 23", filter: `{ ${year}, device_id: 23 }`, target: "p95 ≤ 50 ms" },
    { name: "year, ≥ 15 min", filter: `{ ${year}, min_duration_seconds: 900 }`, target: "p95 ≤ 50 ms" },
    { name: "year, ≥ 15 min, page without total", filter: `{ ${year}, min_duration_seconds: 900, with_total: false }`, target: "p95 ≤ 50 ms" },
    { name: "year, open calls", filter: `{ ${year}, state: OPEN }`, target: "p95 ≤ 50 ms" },
    { name: "year, bath+fall, Station 1, closed", filter: `{ ${year}, call_type_ids: [3, 5], section_ids: [1], state: CLOSED }`, target: "p95 ≤ 50 ms" },
    {
      name: "year, bath+fall, Station 1, closed, page without total",
      filter: `{ ${year}, call_type_ids: [3, 5], section_ids: [1], state: CLOSED, with_total: false }`,
      target: "p95 ≤ 50 ms",
    },
    { name: "year, sorted by duration", filter: `{ ${year}, sort: DURATION }`, target: "p95 ≤ 50 ms" },
    { name: "year, Station 3, by response time", filter: `{ ${year}, section_ids: [3], sort: RESPONSE_TIME }`, target: "p95 ≤ 50 ms" },
    { name: "year, by call type ascending", filter: `{ ${year}, sort: CALL_TYPE, direction: ASC }`, target: "p95 ≤ 50 ms" },
    { name: "year, page 21 (offset 1000, no total)", filter: `{ ${year}, offset: 1000 }`, target: "p95 ≤ 50 ms" },
  ];
}

const QUERY = (filter: string) =>
  `{ callLog(filter: ${filter}) { total total_capped items { id number opened_at closed_at duration response_time call_type_text section_name device_text_long } } }`;

console.log("| database | rows | query | total | min | p50 | p95 | target |\n|---|---|---|---|---|---|---|---|");
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
  const floor = await server.db.kysely
    .selectFrom("system_tree_nodes")
    .select("id")
    .where("system_id", "=", 1)
    .where("name", "=", "1. OG")
    .executeTakeFirstOrThrow();
  const admin = await buildUser(server.db.kysely, { username: "bench-admin", is_superuser: true });
  const limited = await buildUser(server.db.kysely, { username: "bench-pflege", permissions: ["calllog::use_module"] });
  const clients = { admin: new TestClient(server.app), limited: new TestClient(server.app) };
  await clients.admin.login(admin.username, admin.password);
  await clients.limited.login(limited.username, limited.password);
  for (const c of cases(now, floor.id)) {
    const client = c.user === "limited" ? clients.limited : clients.admin;
    const times: number[] = [];
    let total = "";
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const answer = await client.gql<{ callLog: { total: number | null; total_capped: boolean; items: unknown[] } }>(QUERY(c.filter));
      const took = performance.now() - started;
      if (answer.errors) throw new Error(`${c.name}: ${JSON.stringify(answer.errors)}`);
      // The first runs warm the caches (statements, pages): not measured.
      if (i >= 3) times.push(took);
      const page = answer.data?.callLog;
      total = page?.total === null ? "–" : `${page?.total}${page?.total_capped ? "+" : ""}`;
    }
    console.log(
      `| ${dialect} | ${rows} | ${c.name} | ${total} | ${Math.min(...times).toFixed(1)} ms | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${c.target} |`,
    );
  }
  await server.close();
}
