/**
 * What the process does with an error nothing caught: log it and exit non-zero at once,
 * so the supervisor (docs/deploy/caresuite.service: Restart=always) starts a clean server. Going
 * on after an unknown failure could leave the boards silently stale; a restart takes about a
 * second and the boards reconnect by themselves.
 */

export interface CrashLog {
  fatal(object: Record<string, unknown>, message: string): void;
}

/**
 * Exit status of a requested restart (an installed update): EX_TEMPFAIL. The supervisor
 * (supervisor.ts) starts the server again at once, into the release the pointer names.
 */
export const RESTART_EXIT_CODE = 75;

/** Exit status of a crash: EX_SOFTWARE, so logs tell it from a failed start (1). */
export const CRASH_EXIT_CODE = 70;

const consoleLog: CrashLog = {
  fatal: (object, message) => {
    const error = object["err"];
    console.error(JSON.stringify({ level: "fatal", msg: message, origin: object["origin"], error: error instanceof Error ? error.stack : String(error) }));
  },
};

/**
 * Installs the policy; returns a function that routes later reports to the server's logger.
 * Install it first thing in main.ts, before anything can fail asynchronously.
 */
export function installCrashPolicy(exit: (code: number) => never = process.exit): (log: CrashLog) => void {
  let log = consoleLog;
  let exiting = false;
  const crash = (error: unknown, origin: string): void => {
    if (exiting) return;
    exiting = true;
    try {
      log.fatal({ err: error, origin }, "unhandled error: exiting so the supervisor restarts the server");
    } finally {
      exit(CRASH_EXIT_CODE);
    }
  };
  process.on("uncaughtException", (error, origin) => crash(error, origin));
  process.on("unhandledRejection", (reason) => crash(reason, "unhandledRejection"));
  return (next) => {
    log = next;
  };
}
