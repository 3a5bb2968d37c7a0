// `npm test`: every suite (unit, integration, browser) in one Vitest run, then one plain
// "N passed, N failed" line that CI reads. Browser tests need the built web app and Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: "inherit", ...options });

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
    run("apt-get", ["update", "-qq"]);
    const install = run("apt-get", ["install", "-y", "-qq", "chromium"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (install.status === 0 && existsSync(path)) return;
  }
  console.error(`Browser tests need Chromium at ${path}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

/**
 * The LDAP sign-in tests start Debian's slapd (apps/server/src/test-support/slapd.ts) and load it
 * with ldapadd: installed here like chromium (docs/decisions/040-ldap-sign-in.md).
 */
function ensureSlapd() {
  const slapd = process.env.SLAPD_PATH ?? "/usr/sbin/slapd";
  const tools = () => spawnSync("ldapadd", ["-VV"], { stdio: "ignore" }).error === undefined;
  if (existsSync(slapd) && tools()) return;
  if (process.getuid?.() === 0) {
    console.log("slapd is missing: installing Debian's slapd and ldap-utils packages for the LDAP tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update", "-qq"]);
    const install = run("apt-get", ["install", "-y", "-qq", "slapd", "ldap-utils"], { env });
    if (install.status === 0 && existsSync(slapd) && tools()) return;
  }
  console.error(`The LDAP tests need slapd at ${slapd} and ldap-utils. Install them (Debian: apt-get install slapd ldap-utils) or set SLAPD_PATH.`);
  process.exit(1);
}

/**
 * Backups on PostgreSQL run pg_dump, pg_restore and psql (docs/decisions/041-backups.md): Debian's
 * postgresql-client, installed here when the PostgreSQL tests run (DATABASE_URL set).
 */
function ensurePostgresClient() {
  if (!process.env.DATABASE_URL) return;
  const tools = () => ["pg_dump", "pg_restore", "psql"].every((tool) => spawnSync(tool, ["--version"], { stdio: "ignore" }).status === 0);
  if (tools()) return;
  if (process.getuid?.() === 0) {
    console.log("pg_dump is missing: installing Debian's postgresql-client package for the backup tests…");
    run("apt-get", ["update", "-qq"]);
    const install = run("apt-get", ["install", "-y", "-qq", "postgresql-client"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (install.status === 0 && tools()) return;
  }
  console.error("The PostgreSQL backup tests need pg_dump, pg_restore and psql. Install them (Debian: apt-get install postgresql-client).");
  process.exit(1);
}

ensureChromium();
ensureSlapd();
ensurePostgresClient();
const build = run("npm", ["run", "build", "-w", "@caresuite/web"]);
if (build.status !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const results = ".vitest-results.json";
rmSync(results, { force: true });
const vitest = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${results}`, ...process.argv.slice(2)]);
let passed = 0;
let failed = 0;
if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, "utf8"));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
}
if (vitest.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitest.status ?? 1);
