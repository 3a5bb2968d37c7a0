// `npm run simulate -- --days 365 [--rate 2740]`: a year of call history in the database the server
// uses (DATA_DIR / DATABASE_URL as the server reads them; --data overrides DATA_DIR).
//
// - A database without a system tree is first set up through the real path: the server starts on it
//   with the bundled virtual call system, which imports the demo hospital and replays one day of
//   traffic (user admin / simulate-admin). `--via-controller` makes all --days go that way (slow:
//   ~3,500 events/s, at most 400 days).
// - Then the history is written straight into `calls` (modules/calls/call-history.ts): day and
//   night rates, response times by shift and ward, presence then close, a few long waits, for the
//   system's real devices and call types, in batched transactions. --rate is calls per day for the
//   site (default 576, the virtual call system's 36/h by day and 12/h by night); --rate 2740 over
//   365 days gives about a million calls plus the presence calls of the visits.
// Afterwards `npm start` with the same DATA_DIR / DATABASE_URL. docs/call-log.md.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";
import { sql } from "kysely";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { generateCallHistory } from "../apps/server/src/modules/calls/call-history.ts";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "30" },
    rate: { type: "string", default: "576" },
    seed: { type: "string", default: "1" },
    system: { type: "string", default: "1" },
    data: { type: "string" },
    port: { type: "string", default: "8095" },
    "via-controller": { type: "boolean", default: false },
  },
});
const days = Number(values.days);
const rate = Number(values.rate);
const systemId = Number(values.system);
const viaController = values["via-controller"];
if (!Number.isInteger(days) || days < 1 || days > (viaController ? 400 : 3660)) {
  console.error(`--days must be 1..${viaController ? 400 : 3660}`);
  process.exit(2);
}
if (!Number.isFinite(rate) || rate < 1 || rate > 100_000) {
  console.error("--rate (calls per day) must be 1..100000");
  process.exit(2);
}
const env = { ...process.env, ...(values.data ? { DATA_DIR: values.data } : {}) };
const config = loadConfig(env);

const freePort = (): Promise<number> =>
  new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 7700));
    });
  });

const base = `http://127.0.0.1:${values.port}`;

/** The real path: a server on the database with the virtual call system replaying `backfillDays`. */
async function viaTheController(backfillDays: number): Promise<void> {
  const server = spawn(process.execPath, [resolve(import.meta.dirname, "../apps/server/src/main.ts")], {
    env: {
      ...process.env,
      PORT: values.port,
      HOST: "127.0.0.1",
      DATA_DIR: config.DATA_DIR,
      DATABASE_URL: config.DATABASE_URL ?? "",
      LOG_LEVEL: "warn",
      CONTROLLER_PORT: String(await freePort()),
      SIMULATOR_BACKFILL_DAYS: String(backfillDays),
      SIMULATOR_TRAFFIC: "off",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });

  async function gql(query: string): Promise<{ data?: Record<string, unknown>; errors?: { message: string }[] }> {
    const response = await fetch(`${base}/backend/query`, { method: "POST", headers: JSON_POST_HEADERS, body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
  }

  async function lastSeq(): Promise<number> {
    const text = await (await fetch(`${base}/backend/metrics`)).text();
    return Number(/caresuite_callsystem_last_seq\{system="1"\} (\d+)/.exec(text)?.[1] ?? 0);
  }

  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/backend/health`)).ok) break;
      } catch {
        if (i > 100) throw new Error("server did not start");
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const started = performance.now();
    const virtual = await gql("mutation { useVirtualCallSystem { id } }");
    if (virtual.errors) throw new Error(virtual.errors[0]?.message);
    await gql('mutation { createInitialUser(username: "admin", password: "simulate-admin", locale: "de") { id } }');
    // Step 5 confirmed: `npm start` afterwards opens the sign-in, not the wizard's last step.
    await gql("mutation { finishSetup }");
    let previous = -1;
    let stableSince = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const seq = await lastSeq();
      if (seq !== previous) {
        previous = seq;
        stableSince = Date.now();
        process.stdout.write(`\rapplied ${seq} events…`);
      } else if (seq > 0 && Date.now() - stableSince > 3000) break;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n${backfillDays} days: ${previous} events applied in ${seconds.toFixed(1)} s (${Math.round(previous / seconds)} events/s)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
  }
}

const where = config.DATABASE_URL ? config.DATABASE_URL.replace(/\/\/[^@]*@/, "//…@") : config.DATA_DIR;
if (viaController) {
  await viaTheController(days);
} else {
  let db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const tree = async () =>
    Number(
      (
        await db.kysely
          .selectFrom("system_tree_nodes")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("system_id", "=", systemId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  if ((await tree()) === 0) {
    if (systemId !== 1) throw new Error(`system ${systemId} has no system tree`);
    await db.close();
    console.log(`${where}: no system tree yet; setting up the demo hospital through the virtual call system`);
    await viaTheController(1);
    db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  }
  const timeZone = (await db.kysely.selectFrom("systems").select("timezone").where("id", "=", systemId).executeTakeFirst())?.timezone ?? "Europe/Zurich";
  const started = performance.now();
  const result = await generateCallHistory(db.kysely, {
    systemId,
    days,
    callsPerDay: rate,
    now: Date.now(),
    seed: Number(values.seed),
    timeZone,
    onProgress: (written) => process.stdout.write(`\rwritten ${written} calls…`),
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = result.calls + result.presenceCalls;
  console.log(
    `\n${days} days: ${result.calls} calls and ${result.presenceCalls} presence calls in ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s); ${where}, system ${systemId}`,
  );
  // Fresh statistics: the planner picks the call log's indexes by them (docs/decisions/024).
  await sql`analyze`.execute(db.kysely);
  await db.close();
}
