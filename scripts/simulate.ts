// `npm run simulate -- --days 90`: call history through the real path. Starts the server
// on its own database (default ./data/simulated) with the bundled virtual call system, which first
// generates N days of traffic into its journal; the server's link then applies every event exactly
// as it would live. Afterwards: `DATA_DIR=./data/simulated npm start` (user admin / simulate-admin).
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

const { values } = parseArgs({
  options: { days: { type: "string", default: "30" }, data: { type: "string", default: "./data/simulated" }, port: { type: "string", default: "8095" } },
});
const days = Number(values.days);
if (!Number.isFinite(days) || days < 1 || days > 400) {
  console.error("--days must be 1..400");
  process.exit(2);
}

const freePort = (): Promise<number> =>
  new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 7700));
    });
  });

const base = `http://127.0.0.1:${values.port}`;
const server = spawn(process.execPath, [resolve(import.meta.dirname, "../apps/server/src/main.ts")], {
  env: {
    ...process.env,
    PORT: values.port,
    HOST: "127.0.0.1",
    DATA_DIR: values.data,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    CONTROLLER_PORT: String(await freePort()),
    SIMULATOR_BACKFILL_DAYS: String(days),
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
  const log = await gql("{ callLog(filter: { limit: 1 }) { total } }");
  console.log(`\n${days} days: ${previous} events applied in ${seconds.toFixed(1)} s (${Math.round(previous / seconds)} events/s); database ${values.data}`);
  void log;
} finally {
  server.kill("SIGTERM");
}
