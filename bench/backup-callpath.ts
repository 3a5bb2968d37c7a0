// Calls during a backup (docs/decisions/041-backups.md "Calls keep flowing during a backup"):
// trigger → board p99 ≤ 150 ms while a backup of a ~1,000,000-call database runs.
//   node bench/backup-callpath.ts [--rate 1600] [--dialect sqlite|postgres] [--boards 10] [--backups 8] [--loops 1]
//   (SQLite; with DATABASE_URL also PostgreSQL, in a database of its own created beside it)
// A demo server (the real process, `node apps/server/src/main.ts`, with its virtual call system)
// is started once to set up the demo site, stopped, filled with 365 days of simulated history
// (as bench/backup.ts), and started again on the same data. Then, as bench/publish.ts does:
// - trigger (POST /demo/call/trigger, a steady rate) → the call in the callsChanged list of the
//   last of --boards board subscriptions, --loops trigger loops side by side, quiet and during
//   --backups backups one after the other (startBackup through GraphQL, polled until done);
// - GET /backend/health every 50 ms: how long the server's event loop keeps a client waiting,
//   with the backup's progress when each slow answer was asked (which phase held the loop).
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { callSystemConnected, signInApi } from "../e2e/support/api.ts";
import { freePort, startServer, type RunningServer } from "../e2e/support/server.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { connectBoards, healthProbe, loadAverages, ms, percentile, steadyTriggers, type Boards } from "./support/call-latency.ts";

const { values } = parseArgs({
  options: {
    rate: { type: "string", default: "1600" },
    dialect: { type: "string" },
    boards: { type: "string", default: "10" },
    "quiet-ms": { type: "string", default: "10000" },
    backups: { type: "string", default: "8" },
    loops: { type: "string", default: "1" },
  },
});
const BOARDS = Number(values.boards);
/** Backups one after the other (a few seconds each: one alone gives too few calls for a p99). */
const BACKUPS = Number(values.backups);
/** Trigger loops side by side, each on devices of its own (3 loops on the demo site: 264 calls, none lost). */
const LOOPS = Number(values.loops);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = loadAverages;
const stats = (list: number[]): string =>
  list.length === 0 ? "–" : `p50 ${ms(percentile(list, 50))}, p99 ${ms(percentile(list, 99))}, max ${ms(Math.max(...list))} (${list.length})`;

const dialects = (["sqlite", "postgres"] as const).filter((d) => (!values.dialect || d === values.dialect) && (d === "sqlite" || process.env.DATABASE_URL));
const rows: string[][] = [];

for (const dialect of dialects) {
  const dataDir = mkdtempSync(join(tmpdir(), "caresuite-bench-callpath-"));
  let databaseUrl = "";
  let adminPool: pg.Pool | null = null;
  const dbName = `caresuite_bench_callpath_${process.pid}`;
  if (dialect === "postgres") {
    adminPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    await adminPool.query(`drop database if exists ${dbName}`);
    await adminPool.query(`create database ${dbName}`);
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env = (controllerPort: number): Record<string, string> => ({
    DEMO_MODE: "true",
    CONTROLLER_PORT: String(controllerPort),
    LOG_LEVEL: "error",
    SIMULATOR_TRAFFIC: "off",
    DATA_DIR: dataDir,
    KEEP_DATA: "1",
    DATABASE_URL: databaseUrl,
    WS_CONNECTIONS_PER_IP: String(BOARDS + 10),
  });
  // 1. The demo site, then the history written while no server runs.
  let server: RunningServer = await startServer(env(await freePort()));
  while (!(await callSystemConnected(server.baseUrl))) await sleep(200);
  await server.stop();
  const db = openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
  const filled = performance.now();
  const now = Date.now();
  const generated = await generateCallHistory(db.kysely, { systemId: 1, days: 365, callsPerDay: Number(values.rate), now, seed: 1 });
  await sql`analyze`.execute(db.kysely);
  await db.close();
  const calls = generated.calls + generated.presenceCalls;
  console.error(`${dialect}: ${calls} rows written in ${((performance.now() - filled) / 1000).toFixed(1)} s`);

  server = await startServer(env(await freePort()));
  let boards: Boards | null = null;
  try {
    while (!(await callSystemConnected(server.baseUrl))) await sleep(200);
    const admin = await signInApi(server.baseUrl, "admin", "demo-admin");
    const nodes = (await admin.query<{ systemTreeNodes: { id: number; kind: string; is_enabled: boolean }[] }>("{ systemTreeNodes { id kind is_enabled } }"))
      .systemTreeNodes;
    boards = await connectBoards(server.baseUrl, BOARDS);
    // The simulated history leaves some calls open "now": a trigger on such a device is no new
    // call on the board (it would count as lost). Those devices are left out.
    const busy = boards.openAtFirstBoard();
    const devices = nodes.filter((n) => n.kind === "device" && n.is_enabled && !busy.has(n.id)).map((n) => n.id);
    console.error(`${dialect}: ${busy.size} devices with an open call at start left out, ${devices.length} used`);
    const triggers = () => steadyTriggers(server.baseUrl, boards as Boards, devices, { loops: LOOPS });
    /** The backup's progress as last polled: the phase a slow health answer falls in. */
    let phase = "before";
    const probeHealth = () => healthProbe(server.baseUrl, { slowMs: 100, label: () => phase });

    const quiet = triggers();
    const quietProbe = probeHealth();
    await sleep(Number(values["quiet-ms"]));
    await quiet.stop();
    await quietProbe.stop();

    const loadAtStart = load();
    const during = triggers();
    const probe = probeHealth();
    await sleep(1000);
    const backupTimes: number[] = [];
    let size = 0;
    for (let n = 0; n < BACKUPS; n++) {
      const started = performance.now();
      const job = (await admin.query<{ startBackup: { id: number } }>("mutation { startBackup { id } }")).startBackup;
      let status = "running";
      let error: string | null = null;
      while (status === "running") {
        await sleep(200);
        const overview = await admin.query<{
          backupOverview: { jobs: { id: number; status: string; progress: number; error: string | null; size: number | null }[] };
        }>("{ backupOverview { jobs { id status progress error size } } }");
        const row = overview.backupOverview.jobs.find((j) => j.id === job.id);
        status = row?.status ?? "missing";
        error = row?.error ?? null;
        size = row?.size ?? 0;
        phase = `${row?.progress ?? "?"} %`;
      }
      backupTimes.push(performance.now() - started);
      phase = "between";
      if (status !== "done") throw new Error(`backup ${status}: ${error ?? ""}`);
      // Backups are named by the minute: the next one of the same minute gets a suffix.
      await sleep(500);
    }
    phase = "after";
    await sleep(1000);
    await during.stop();
    await probe.stop();
    const byPhase = new Map<string, number[]>();
    for (const s of probe.slow) byPhase.set(s.label, [...(byPhase.get(s.label) ?? []), s.ms]);
    rows.push([
      dialect,
      String(calls),
      `${BACKUPS} × ${(size / 1024 / 1024).toFixed(0)} MB, ${backupTimes.map((t) => (t / 1000).toFixed(1)).join(" / ")} s`,
      `${stats(quiet.latencies.map((l) => l.ms))}, ${quiet.lost()} not shown in 10 s`,
      `${stats(during.latencies.map((l) => l.ms))}, ${during.lost()} not shown in 10 s`,
      stats(probe.answers),
      [...byPhase].map(([p, list]) => `${p}: ${list.length}× ≤ ${ms(Math.max(...list))}`).join("; ") || "none",
      `${loadAtStart} → ${load()}`,
    ]);
    console.error(`| ${rows.at(-1)?.join(" | ")} |`);
  } finally {
    await boards?.dispose();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (adminPool) {
      await adminPool.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await adminPool.end();
    }
  }
}

console.log(
  `| database | calls | backup | trigger → last of ${BOARDS} boards, quiet | trigger → board during the backup (target p99 ≤ 150 ms) | GET /backend/health during the backup | health answers > 100 ms by backup progress | load average |`,
);
console.log("|---|---|---|---|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
process.exit(0);
