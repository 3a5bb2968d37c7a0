// `npm test`: every suite (unit, integration, browser) in two Vitest runs side by side, then one
// plain "N passed, N failed" line that CI reads. Browser tests need the built web app and Chromium.
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
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
 * The remote-access tunnel tests start their own OpenSSH server (apps/server/src/test-support/sshd.ts)
 * as the current user on a free port. The package's own service is stopped again after installing:
 * no system sshd is left listening on port 22.
 */
function ensureSshd() {
  const sshd = process.env.SSHD_PATH ?? "/usr/sbin/sshd";
  const keygen = () => spawnSync("ssh-keygen", ["-?"], { stdio: "ignore" }).error === undefined;
  if (existsSync(sshd) && keygen()) return;
  if (process.getuid?.() === 0) {
    console.log("sshd is missing: installing Debian's openssh-server package for the remote-access tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update", "-qq"]);
    const install = run("apt-get", ["install", "-y", "-qq", "openssh-server"], { env });
    spawnSync("service", ["ssh", "stop"], { stdio: "ignore" });
    if (install.status === 0 && existsSync(sshd) && keygen()) return;
  }
  console.error(`The remote-access tests need sshd at ${sshd} and ssh-keygen. Install them (Debian: apt-get install openssh-server) or set SSHD_PATH.`);
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

/** A failure's first lines: the end of CI's output is often all that is kept of it. */
const firstLines = (text = "") =>
  text
    .split("\n")
    .filter((line) => !/node_modules|node:internal|new Promise/.test(line))
    .slice(0, 6)
    .join("\n    ");

/**
 * Runs Vitest with a JSON report and resolves with its exit status and counts. Lines are prefixed
 * with the lane's name when two lanes print at once. A failed test is run once more: one that then
 * passes is listed as FLAKY with its first error (a timing the loaded machine missed, or a race to
 * look into), not hidden (docs/decisions/047-browser-tests-two-files-at-once.md).
 */
function vitestLane(name, args, prefix) {
  const results = `.vitest-results-${name}.json`;
  rmSync(results, { force: true });
  const child = spawn("npx", ["vitest", "run", "--retry=1", "--reporter=default", "--reporter=json", `--outputFile=${results}`, ...args], {
    stdio: ["ignore", prefix ? "pipe" : "inherit", prefix ? "pipe" : "inherit"],
  });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on("close", (status) => {
      let passed = 0;
      let failed = 0;
      const failures = [];
      const flaky = [];
      if (existsSync(results)) {
        const summary = JSON.parse(readFileSync(results, "utf8"));
        passed = summary.numPassedTests;
        failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
        for (const file of summary.testResults) {
          const where = file.name.replace(`${process.cwd()}/`, "");
          if (file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed"))
            failures.push(`${where}: ${firstLines(file.message)}`);
          for (const test of file.assertionResults) {
            const line = `${where} > ${test.fullName}: ${firstLines(test.failureMessages.join("\n"))}`;
            if (test.status === "failed") failures.push(line);
            // Passed on its retry: the first try's error stays in the report.
            else if (test.status === "passed" && test.failureMessages.length > 0) flaky.push(line);
          }
        }
      }
      if (status !== 0 && failed === 0) failed = 1;
      resolve({ name, status: status ?? 1, passed, failed, failures, flaky });
    });
  });
}

ensureChromium();
ensureSlapd();
ensureSshd();
ensurePostgresClient();
const extra = process.argv.slice(2);
/**
 * The server tests run one file at a time (they share the databases), the browser tests two at a
 * time (docs/decisions/047-browser-tests-two-files-at-once.md). In one Vitest run such projects
 * share a single lane, so the whole run took their sum (29 minutes in CI). Two runs side by side:
 * the browser lane, and the lane of everything else (started first: it does not need the built web app).
 * With arguments (`npm test -- <files>`) one run takes them as they are. (Giving the units lane,
 * which ends first, some browser files to run after it did not shorten the run: both lanes are
 * CPU-bound on two cores.)
 */
const lanes = [];
if (extra.length === 0)
  lanes.push(vitestLane("units", ["--project", "domain", "--project", "protocol", "--project", "server", "--project", "web", "--project", "simulator"], true));
// Not spawnSync: the lane already running prints through this process meanwhile.
const buildStatus = await new Promise((resolve) => spawn("npm", ["run", "build", "-w", "@caresuite/web"], { stdio: "inherit" }).on("close", resolve));
if (buildStatus !== 0) {
  await Promise.all(lanes);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
if (extra.length === 0) lanes.push(vitestLane("browser", ["--project", "e2e"], true));
else lanes.push(vitestLane("all", extra, false));
const ended = await Promise.all(lanes);
for (const lane of ended) for (const failure of lane.flaky ?? []) console.log(`FLAKY [${lane.name}] ${failure}`);
for (const lane of ended) for (const failure of lane.failures ?? []) console.log(`FAILED [${lane.name}] ${failure}`);
for (const lane of ended) console.log(`${lane.name}: ${lane.passed} passed, ${lane.failed} failed (exit ${lane.status})`);
const passed = ended.reduce((sum, lane) => sum + lane.passed, 0);
const failed = ended.reduce((sum, lane) => sum + lane.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ended.every((lane) => lane.status === 0) ? 0 : 1);
