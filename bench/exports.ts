// Call log exports (docs/decisions/025-call-log-exports.md) at about 100,000 calls: CSV ≤ 5 s,
// XLSX ≤ 20 s, PDF (up to 10,000 calls) ≤ 20 s, each with RSS growth ≤ 150 MB (the file is
// streamed, not built in memory), and the event loop free while it runs (board p99 ≤ 150 ms).
//   node bench/exports.ts [--days 70] [--rate 1400] [--pdf-days 5] [--dialect sqlite|postgres]
//   (SQLite; with DATABASE_URL also PostgreSQL)
// Fills system 1 with the demo hospital and simulated history (as bench/calllog.ts), then starts
// each export through GraphQL in-process (app.inject) and waits for the job. While it runs:
// - RSS is sampled every 20 ms; growth = the highest sample minus the RSS before the start;
// - the event loop's delay is recorded (perf_hooks, 1 ms resolution): p99 and max;
// - every 50 ms the board's own query (openCalls) is sent and timed: its p99 is what a board
//   waits for an answer (and for a callsChanged push, which needs the same loop) during an export.
// Another process on the machine shows in the times: `uptime` before a run says how much.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { demoHospital } from "@caresuite/simulator";
import { sql } from "kysely";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { EXPORT_MAX_ROWS, exportsSettled } from "../apps/server/src/modules/exports/exports.service.ts";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "70" },
    rate: { type: "string", default: "1400" },
    "pdf-days": { type: "string", default: "5" },
    dialect: { type: "string" },
  },
});
const DAY = 86_400_000;
const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const MB = 1024 * 1024;

const START = `mutation($filter: CallLogFilter, $format: ExportFormat!) { startCallLogExport(filter: $filter, format: $format) { id } }`;
const JOB = `query($id: Int!) { export(id: $id) { state row_count error } }`;
const BOARD = `{ openCalls { id } }`;

interface Case {
  format: "CSV" | "XLSX" | "PDF";
  filter: Record<string, unknown>;
  target: string;
}

console.log("| database | format | rows | time | RSS growth | event loop p99 / max | board query p99 | target |\n|---|---|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS.filter((d) => !values.dialect || d === values.dialect)) {
  const server = await startTestServer(dialect);
  const now = Date.now();
  server.clock.now = now;
  await buildSystem(server.db.kysely, 1);
  await importControllerConfig(server.db.kysely, 1, demoHospital(now), now);
  const filled = performance.now();
  const generated = await generateCallHistory(server.db.kysely, {
    systemId: 1,
    days: Number(values.days),
    callsPerDay: Number(values.rate),
    now,
    seed: 1,
  });
  await sql`analyze`.execute(server.db.kysely);
  console.error(`${dialect}: ${generated.calls + generated.presenceCalls} rows written in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
  const admin = await buildUser(server.db.kysely, { username: "bench-admin", is_superuser: true });
  const client = new TestClient(server.app);
  const board = new TestClient(server.app);
  await client.login(admin.username, admin.password);
  await board.login(admin.username, admin.password);
  EXPORT_MAX_ROWS.PDF = 10_000;
  const cases: Case[] = [
    { format: "CSV", filter: {}, target: "≤ 5 s, ≤ 150 MB, p99 ≤ 150 ms" },
    { format: "XLSX", filter: {}, target: "≤ 20 s, ≤ 150 MB, p99 ≤ 150 ms" },
    { format: "PDF", filter: { from: day(now - Number(values["pdf-days"]) * DAY) }, target: "≤ 20 s, ≤ 150 MB, p99 ≤ 150 ms" },
  ];
  for (const c of cases) {
    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }, 20);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const boardTimes: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const sent = performance.now();
        await board.gql(BOARD);
        boardTimes.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    loop.enable();
    const started = performance.now();
    const answer = await client.gql<{ startCallLogExport: { id: number } }>(START, { filter: c.filter, format: c.format });
    if (answer.errors) throw new Error(`${c.format}: ${JSON.stringify(answer.errors)}`);
    await exportsSettled();
    const took = performance.now() - started;
    loop.disable();
    probing = false;
    await probe;
    clearInterval(sampler);
    const job = await client.gql<{ export: { state: string; row_count: number; error: string | null } }>(JOB, {
      id: answer.data?.startCallLogExport.id,
    });
    const result = job.data?.export;
    if (result?.state !== "done") throw new Error(`${c.format}: ${JSON.stringify(result)}`);
    console.log(
      `| ${dialect} | ${c.format} | ${result.row_count} | ${(took / 1000).toFixed(1)} s | ${((rssMax - rssBefore) / MB).toFixed(0)} MB | ${(loop.percentile(99) / 1e6).toFixed(0)} / ${(loop.max / 1e6).toFixed(0)} ms | ${percentile(boardTimes, 99).toFixed(0)} ms (n=${boardTimes.length}) | ${c.target} |`,
    );
  }
  await server.close();
}
