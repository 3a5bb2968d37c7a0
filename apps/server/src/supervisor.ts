import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { entryPoint, readUpdate, switchRelease, writeUpdate } from "./modules/updates/releases.ts";
import { supervisorDecision } from "./modules/updates/supervisor-policy.ts";

/**
 * The supervisor (`npm start`, docs/deploy/caresuite.service): runs the server of the release that
 * DATA_DIR/releases/current names (else the installed one) and starts it again when it exits:
 * at once after a requested restart (an installed update, RESTART_EXIT_CODE), after a second after
 * a crash. An update whose new release does not come up is rolled back (supervisor-policy.ts).
 * SIGTERM and SIGINT are passed to the server; the supervisor ends with it.
 * docs/decisions/043-signed-updates.md.
 */

const dataDir = resolve(process.env["DATA_DIR"] ?? "./data");
/** How often an update in progress is checked against its time limit. */
const CHECK_MS = Number(process.env["CARESUITE_SUPERVISOR_CHECK_MS"] ?? 5_000);

let child: ChildProcess | null = null;
let stopping = false;

const log = (message: string): void => {
  console.error(JSON.stringify({ level: "info", msg: `supervisor: ${message}`, time: Date.now() }));
};

function apply(decision: ReturnType<typeof supervisorDecision>): void {
  if (decision.record) writeUpdate(dataDir, decision.record);
  if (decision.rollbackTo !== undefined) {
    switchRelease(dataDir, decision.rollbackTo);
    log(`update failed (${decision.record?.state ?? ""}): back to ${decision.rollbackTo ?? "the installed release"}`);
  }
}

function start(): void {
  if (stopping) return;
  const { entry } = entryPoint(dataDir);
  log(`starting ${entry}`);
  // The same working folder and environment; DATA_DIR absolute, so a release folder changes nothing.
  const started = spawn(process.execPath, [entry], { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir, CARESUITE_SUPERVISED: "1" } });
  child = started;
  started.once("exit", (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    const decision = supervisorDecision({ record: readUpdate(dataDir), exitCode: code, signal, now: Date.now() });
    apply(decision);
    log(`server exited (${code ?? signal ?? "?"}); starting again in ${decision.delayMs} ms`);
    setTimeout(start, decision.delayMs);
  });
}

// An update that takes longer than its limit is given up: back to the previous release, restarted.
const timer = setInterval(() => {
  const decision = supervisorDecision({ record: readUpdate(dataDir), exitCode: null, signal: null, now: Date.now() });
  if (decision.rollbackTo === undefined) return;
  apply(decision);
  child?.kill("SIGTERM");
}, CHECK_MS);

function stop(signal: NodeJS.Signals): void {
  stopping = true;
  clearInterval(timer);
  if (child) child.kill(signal);
  else process.exit(0);
}
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));

start();
