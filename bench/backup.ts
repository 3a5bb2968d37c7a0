// Backups and restore at about 1,000,000 calls (docs/decisions/041-backups.md): backup ≤ 30 s,
// restore ≤ 60 s, on both databases.
//   node bench/backup.ts [--rate 1600] [--dialect sqlite|postgres]   (SQLite; with DATABASE_URL also PostgreSQL)
// Fills system 1 with the demo hospital and 365 days of simulated history (as bench/analytics.ts:
// 1600 calls a day give ~1,080,000 rows), then starts a backup through GraphQL in-process
// (app.inject), waits for it, and restores it through GraphQL. While the backup runs the event
// loop's delay is recorded (the copy runs in a worker thread or in pg_dump: the loop stays free).
// Another process on the machine shows in the times: `uptime` before a run says how much.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { demoHospital } from "@caresuite/simulator";
import { sql } from "kysely";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { settleBackups } from "../apps/server/src/modules/backups/backups.service.ts";

const { values } = parseArgs({ options: { rate: { type: "string", default: "1600" }, dialect: { type: "string" } } });
const MB = 1024 * 1024;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const START = "mutation { startBackup { id } }";
const OVERVIEW = "{ backupOverview { jobs { id status folder size error } } }";
const RESTORE = "mutation($name: String!) { restoreBackup(name: $name) { name } }";

console.log("| database | calls | backup size | backup | event loop p99 / max during backup | restore | target |\n|---|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS.filter((d) => !values.dialect || d === values.dialect)) {
  const dataDir = await mkdtemp(join(tmpdir(), "caresuite-bench-backup-"));
  const server = await startTestServer(dialect, { DATA_DIR: dataDir });
  const now = Date.now();
  server.clock.now = now;
  await buildSystem(server.db.kysely, 1);
  await importControllerConfig(server.db.kysely, 1, demoHospital(now), now);
  const filled = performance.now();
  const generated = await generateCallHistory(server.db.kysely, { systemId: 1, days: 365, callsPerDay: Number(values.rate), now, seed: 1 });
  await sql`analyze`.execute(server.db.kysely);
  const rows = generated.calls + generated.presenceCalls;
  console.error(`${dialect}: ${rows} rows written in ${seconds(performance.now() - filled)}`);
  const admin = await buildUser(server.db.kysely, { username: "bench-admin", is_superuser: true });
  const client = new TestClient(server.app);
  await client.login(admin.username, admin.password);

  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const backupStarted = performance.now();
  const started = await client.gql<{ startBackup: { id: number } }>(START);
  if (started.errors) throw new Error(JSON.stringify(started.errors));
  await settleBackups();
  const backupMs = performance.now() - backupStarted;
  loop.disable();
  const overview = await client.gql<{
    backupOverview: { jobs: { id: number; status: string; folder: string | null; size: number | null; error: string | null }[] };
  }>(OVERVIEW);
  const job = overview.data?.backupOverview.jobs.find((j) => j.id === started.data?.startBackup.id);
  if (job?.status !== "done" || !job.folder) throw new Error(`backup ${job?.status ?? "missing"}: ${job?.error ?? ""}`);

  const restoreStarted = performance.now();
  const restored = await client.gql(RESTORE, { name: job.folder });
  const restoreMs = performance.now() - restoreStarted;
  if (restored.errors) throw new Error(JSON.stringify(restored.errors));
  const count = await server.db.kysely
    .selectFrom("calls")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  if (Number(count?.n) !== rows) console.error(`${dialect}: ${count?.n} calls after the restore, ${rows} before`);

  const ok = backupMs <= 30_000 && restoreMs <= 60_000 ? "met" : "NOT met";
  console.log(
    `| ${dialect} | ${rows} | ${((job.size ?? 0) / MB).toFixed(0)} MB | ${seconds(backupMs)} | ${(loop.percentile(99) / 1e6).toFixed(0)} / ${(loop.max / 1e6).toFixed(0)} ms | ${seconds(restoreMs)} | backup ≤ 30 s, restore ≤ 60 s: ${ok} |`,
  );
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
