import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startServer } from "../../e2e/support/server.ts";

/**
 * A server process (SQLite, the bundled virtual call system without traffic) on a data directory
 * holding a year of history written by `npm run simulate` (scripts/simulate.ts: the real setup
 * path, then `rate` calls a day; 1600 gives about 1,000,000 rows; user admin / simulate-admin).
 */
export async function startOnSimulatedYear(rate: string | number) {
  const dataDir = mkdtempSync(join(tmpdir(), "caresuite-bench-year-"));
  const filled = performance.now();
  execFileSync(
    process.execPath,
    [join(import.meta.dirname, "../../scripts/simulate.ts"), "--days", "365", "--rate", String(rate), "--data", dataDir, "--port", String(await freePort())],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DATABASE_URL: "" } },
  );
  console.error(`history written in ${((performance.now() - filled) / 1000).toFixed(0)} s`);
  return startServer({ DATA_DIR: dataDir, CONTROLLER_PORT: String(await freePort()), LOG_LEVEL: "error", SIMULATOR_TRAFFIC: "off" });
}
