import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { open } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { BackupError, destinationFailure } from "./backup-store.ts";

/**
 * Consistent copies of the database (docs/decisions/041-backups.md).
 *
 * SQLite: better-sqlite3's online backup API in a worker thread, from a connection of its own,
 * all pages in one step: one read transaction (WAL: the server keeps writing meanwhile), so the
 * copy is one consistent state, and the server's event loop is never blocked by it. The copy is
 * then read back with `PRAGMA quick_check` (a restore runs the full `integrity_check`).
 *
 * PostgreSQL: `pg_dump` (custom format; one repeatable-read snapshot) and, before a restore,
 * `pg_restore --list`. The restore runs the dump's SQL in ONE transaction (psql
 * --single-transaction) after dropping and recreating the schema (extensions such as pg_trgm come back with the dump): it commits whole or not at all.
 */

const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");

/** The worker: plain CommonJS (eval), so it needs no TypeScript loader. */
const SQLITE_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
// Linux: the nice value is the calling thread's: the copy yields the CPU to the event loop.
try { require("node:os").setPriority(10); } catch {}
const Database = require(workerData.module);
(async () => {
  try {
    if (workerData.source) {
      const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
      try {
        await source.backup(workerData.target, { progress: () => 0x7fffffff });
      } finally {
        source.close();
      }
    }
    const copy = new Database(workerData.target, { fileMustExist: true });
    let reply;
    try {
      const rows = copy.pragma(workerData.check);
      const ok = rows.length === 1 && Object.values(rows[0])[0] === "ok";
      const migration = ok ? copy.prepare("select max(name) as name from kysely_migration").get().name : null;
      copy.pragma("journal_mode = WAL");
      reply = { ok, migration: migration ?? null, detail: ok ? null : JSON.stringify(rows.slice(0, 3)) };
    } finally {
      // Closed before the answer: the copy's -wal/-shm are gone when the backup lists its files.
      copy.close();
    }
    parentPort.postMessage(reply);
  } catch (error) {
    parentPort.postMessage({ ok: false, error: { message: String(error && error.message), code: error && error.code } });
  }
})();
`;

interface WorkerReply {
  ok: boolean;
  migration?: string | null;
  detail?: string | null;
  error?: { message: string; code?: string };
}

function runSqliteWorker(data: { source?: string; target: string; check: "quick_check" | "integrity_check" }): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SQLITE_WORKER, { eval: true, workerData: { module: betterSqlite, ...data } });
    worker.once("message", (reply: WorkerReply) => {
      resolve(reply);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`sqlite worker exited with ${code}`));
    });
  });
}

const errnoOf = (code: string | undefined): Error => Object.assign(new Error(code ?? "sqlite"), { code });

/**
 * While the worker copies (hundreds of MB in one step of the backup API), the copy's written pages
 * are flushed every FLUSH_EVERY_MS from the thread pool: the kernel never holds much of the copy
 * unwritten, so the server's own commits (synchronous = FULL: an fsync each, on the same disk) do
 * not queue behind a flush of the whole copy at once.
 */
const FLUSH_EVERY_MS = 200;

async function flushWhile(target: string, running: Promise<unknown>): Promise<void> {
  let done = false;
  void running.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, FLUSH_EVERY_MS));
    if (done) break;
    try {
      const handle = await open(target, "r");
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    } catch {
      // Not created yet, or gone with a failed copy: the worker's answer tells.
    }
  }
}

/** Copies the live SQLite file to `target` and reads the copy back (quick_check). Returns the copy's last migration. */
export async function backupSqlite(source: string, target: string): Promise<string> {
  // quick_check: every page and row is read back (the checksums read every byte again); the full
  // integrity_check, which also compares every index with its table, runs before a restore.
  const working = runSqliteWorker({ source, target, check: "quick_check" });
  await flushWhile(target, working);
  const reply = await working;
  if (reply.error) {
    // SQLITE_FULL / SQLITE_CANTOPEN / SQLITE_READONLY on the target: the destination's trouble.
    const code = reply.error.code ?? "";
    if (code.startsWith("SQLITE_FULL")) throw new BackupError("destination_full", reply.error.message);
    if (code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_IOERR")) {
      throw destinationFailure(errnoOf("EACCES"));
    }
    throw new BackupError("internal", reply.error.message);
  }
  if (!reply.ok || !reply.migration) throw new BackupError("internal", `the copy did not pass its check: ${reply.detail ?? ""}`);
  return reply.migration;
}

/** Opens a SQLite file (a restore candidate) and runs integrity_check; throws BackupError("corrupt"). Returns its last migration. */
export async function checkSqlite(file: string): Promise<string> {
  const reply = await runSqliteWorker({ target: file, check: "integrity_check" });
  if (!reply.ok || !reply.migration)
    throw new BackupError("corrupt", `the database copy does not open or fails its check: ${reply.error?.message ?? reply.detail ?? ""}`);
  return reply.migration;
}

/** The libpq environment of a connection URL: the password travels in the environment, never in argv. */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", PGCONNECT_TIMEOUT: "10" };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname);
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * util-linux `setpriv --pdeathsig KILL`: the tool dies with the server. Without it, psql would
 * outlive a server killed during a restore and commit the restore behind the back of the next
 * server start (or pg_dump keep writing into a partial folder the start removes). Killed, psql's
 * connection closes and PostgreSQL rolls its one transaction back: the previous data stays.
 */
const SETPRIV = "/usr/bin/setpriv";
const withParentDeath = existsSync(SETPRIV);

/** The application_name of the restore's psql session (tests find a leftover one by it). */
export const RESTORE_APPLICATION_NAME = "caresuite-restore";

/** `nice -n 10`: a backup is background work, the server's calls come first on a busy machine. */
const NICE = "/usr/bin/nice";
const withNice = existsSync(NICE);

/** Runs a tool; resolves with its stdout (bounded) or rejects with its exit code and stderr's tail. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, options: { background?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    let argv = [command, ...args];
    if (options.background && withNice) argv = [NICE, "-n", "10", ...argv];
    if (withParentDeath) argv = [SETPRIV, "--pdeathsig", "KILL", "--", ...argv];
    const [program = command, ...rest] = argv;
    const child = spawn(program, rest, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (out.length < 1_000_000) out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve(out) : reject(Object.assign(new Error(`${command} exited with ${code}: ${err.trim()}`), { stderr: err })),
    );
  });
}

const PG_DUMP = "pg_dump";
const PG_RESTORE = "pg_restore";
const PSQL = "psql";

/**
 * pg_dump in custom format to `target`, compressed at level 1: zlib's default level (6) took 4×
 * the CPU for a file a sixth smaller (1,000,000 call-like rows: 2.0 s against 0.48 s, 16.4 against
 * 19.6 MB), and that CPU is taken from the calls on a small server while the backup runs
 * (bench/backup-callpath.ts).
 */
export async function backupPostgres(databaseUrl: string, target: string): Promise<void> {
  try {
    await run(
      PG_DUMP,
      ["--format=custom", "--compress=1", "--no-owner", "--no-privileges", "--no-comments", `--file=${target}`],
      libpqEnvironment(databaseUrl),
      {
        background: true,
      },
    );
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "");
    if (/No space left/i.test(stderr)) throw new BackupError("destination_full", "the backup destination is full");
    if (/could not open output file|Permission denied|Read-only/i.test(stderr))
      throw new BackupError("destination_unwritable", "the backup destination cannot be written");
    throw new BackupError("tool_failed", error instanceof Error ? error.message : String(error));
  }
}

/** pg_restore --list: the dump's table of contents reads. Throws BackupError("corrupt"). */
export async function checkPostgresDump(file: string): Promise<void> {
  try {
    const list = await run(PG_RESTORE, ["--list", file], { PATH: process.env.PATH ?? "/usr/bin:/bin" });
    if (!/TABLE DATA public kysely_migration/.test(list)) throw new Error("the dump holds no schema migrations");
  } catch (error) {
    throw new BackupError("corrupt", `the database dump does not read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Replaces the database's public schema by the dump, in one transaction: pg_restore first writes
 * the dump's SQL to `sqlFile` (a failure there stops before anything is touched), then psql runs
 * `DROP SCHEMA public CASCADE; CREATE SCHEMA public;` and that SQL between one BEGIN and COMMIT,
 * stopping at the first error (which rolls everything back).
 */
export async function restorePostgres(databaseUrl: string, file: string, sqlFile: string): Promise<void> {
  const env = libpqEnvironment(databaseUrl);
  try {
    await run(PG_RESTORE, ["--no-owner", "--no-privileges", `--file=${sqlFile}`, file], env);
  } catch (error) {
    throw new BackupError("corrupt", error instanceof Error ? error.message : String(error));
  }
  try {
    await run(
      PSQL,
      [
        "--no-psqlrc",
        "--quiet",
        "--single-transaction",
        "-v",
        "ON_ERROR_STOP=1",
        "-c",
        "SET client_min_messages = warning",
        "-c",
        "DROP SCHEMA IF EXISTS public CASCADE",
        "-c",
        "CREATE SCHEMA public",
        "-f",
        sqlFile,
      ],
      { ...env, PGAPPNAME: RESTORE_APPLICATION_NAME },
    );
  } catch (error) {
    throw new BackupError("tool_failed", error instanceof Error ? error.message : String(error));
  }
}
