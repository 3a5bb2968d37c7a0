import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { sql } from "kysely";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { loadConfig } from "../../config.ts";
import { backupsRoot, listBackups, verifyChecksums } from "./backup-store.ts";
import { freshDatabase } from "../../test-support/test-server.ts";
import { RESTORE_APPLICATION_NAME } from "./backup-database.ts";
import { createBackup, prepareBackups } from "./backups.service.ts";

/** Starts a child script, waits for its "ready", kills it with SIGKILL after a random moment (SQLite unless `env` names a DATABASE_URL). */
async function killMidway(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  window: [number, number] = [150, 550],
  /** Waited for after "ready", before the random moment (e.g. until psql's restore runs). */
  armed?: () => Promise<void>,
): Promise<void> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL: "", ...env },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  await Promise.race([
    new Promise<void>((resolve) => child.stdout.once("data", () => resolve())),
    exited.then(({ code }) => Promise.reject(new Error(`child exited with ${code} before it was ready`))),
  ]);
  await armed?.();
  await new Promise((resolve) => setTimeout(resolve, window[0] + Math.random() * (window[1] - window[0])));
  child.kill("SIGKILL");
  // A child that died on its own (an error in its loop) is a failure, not a kill.
  expect(await exited).toEqual({ code: null, signal: "SIGKILL" });
}

/**
 * kill -9 during a backup (docs/decisions/041-backups.md): a process makes backups in a loop and
 * is killed at a random moment, several times; after each kill, every listed backup passes its
 * checksums and, after the start-up clean-up, no partial folder is left.
 */
describe("a backup killed with SIGKILL", () => {
  it("never leaves a partial backup listed", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "caresuite-backup-kill-"));
    try {
      // Some weight, so a backup takes long enough to be caught mid-way.
      await mkdir(join(dataDir, "uploads", "maps", "1"), { recursive: true });
      for (let i = 0; i < 20; i++)
        await writeFile(join(dataDir, "uploads", "maps", "1", `00000000-0000-4000-8000-${String(i).padStart(12, "0")}.png`), Buffer.alloc(200_000, i));
      for (let round = 0; round < 4; round++) {
        await killMidway("backup-loop.child.ts", [dataDir]);
        for (const backup of await listBackups(dataDir)) await verifyChecksums(join(backupsRoot(dataDir), backup.name));
      }
      const db = openDatabase({ dataDir });
      await migrateToLatest(db);
      await prepareBackups({ db, config: loadConfig({ DATA_DIR: dataDir }), now: Date.now });
      expect((await readdir(backupsRoot(dataDir))).filter((name) => name.startsWith("."))).toEqual([]);
      const jobs = await db.kysely.selectFrom("backup_jobs").select("status").where("status", "=", "running").execute();
      expect(jobs).toEqual([]);
      await db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("a SQLite restore killed with SIGKILL", () => {
  it("starts on the old or the new data, never a mix", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "caresuite-restore-kill-"));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      let db = openDatabase({ dataDir });
      await migrateToLatest(db);
      // Weight (so the kill lands inside a restore now and then) and a marker, in the backup and after it.
      const rows = Array.from({ length: 20_000 }, (_, i) => ({ key: `weight-${i}`, value: "x".repeat(100), updated_at: 1 }));
      for (let i = 0; i < rows.length; i += 500)
        await db.kysely
          .insertInto("settings")
          .values(rows.slice(i, i + 500))
          .execute();
      const { name } = await createBackup({ db, config, now: Date.now }, { trigger: "manual", userId: null });
      await db.close();
      for (let round = 0; round < 4; round++) {
        await killMidway("restore-loop.child.ts", [dataDir, name]);
        db = openDatabase({ dataDir });
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
        expect(check.rows).toEqual([{ integrity_check: "ok" }]);
        const weight = await db.kysely
          .selectFrom("settings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("key", "like", "weight-%")
          .executeTakeFirst();
        expect(Number(weight?.n)).toBe(20_000);
        // The old data has at most the one row added after the last restore; the new has none.
        const after = await db.kysely.selectFrom("settings").select("key").where("key", "like", "after-%").execute();
        expect(after.length).toBeLessThanOrEqual(1);
        await db.close();
      }
      db = openDatabase({ dataDir });
      await prepareBackups({ db, config, now: Date.now });
      expect(existsSync(join(dataDir, "caresuite.sqlite.restore"))).toBe(false);
      await db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

/**
 * The same on PostgreSQL (docs/decisions/041-backups.md "one transaction"): the restore's psql runs
 * `DROP SCHEMA public CASCADE`, the dump's SQL and COMMIT in one transaction; the server killed
 * mid-way takes psql with it (setpriv --pdeathsig), PostgreSQL rolls the transaction back, and the
 * database holds the old data whole (or the restored data whole, when the kill came after COMMIT).
 */
describe.runIf(process.env.DATABASE_URL)("a PostgreSQL restore killed with SIGKILL", () => {
  it("leaves the old or the new data, never a mix, and no restore session behind", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "caresuite-restore-kill-pg-"));
    const database = await freshDatabase("postgres");
    const databaseUrl = database.env.DATABASE_URL ?? "";
    try {
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      let db = openDatabase({ dataDir, databaseUrl });
      await migrateToLatest(db);
      // Weight, so that psql is still inside its transaction when the kill comes now and then.
      const rows = Array.from({ length: 60_000 }, (_, i) => ({ key: `weight-${i}`, value: "x".repeat(100), updated_at: 1 }));
      for (let i = 0; i < rows.length; i += 2000)
        await db.kysely
          .insertInto("settings")
          .values(rows.slice(i, i + 2000))
          .execute();
      const { name } = await createBackup({ db, config, now: Date.now }, { trigger: "manual", userId: null });
      await db.close();
      const restoreSessions = async (watcher: Db): Promise<number> => {
        const sessions = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = ${RESTORE_APPLICATION_NAME}`.execute(watcher.kysely);
        return sessions.rows[0]?.n ?? 0;
      };
      // The kill lands while psql's session runs: inside its transaction (or just after its COMMIT).
      const watcher = openDatabase({ dataDir, databaseUrl });
      const whileRestoring = async (): Promise<void> => {
        for (let waited = 0; waited < 60_000 && (await restoreSessions(watcher)) === 0; waited += 20) await new Promise((r) => setTimeout(r, 20));
      };
      let caughtInside = 0;
      for (let round = 0; round < 4; round++) {
        await killMidway("restore-loop.child.ts", [dataDir, name], { DATABASE_URL: databaseUrl }, [0, 400], whileRestoring);
        db = openDatabase({ dataDir, databaseUrl });
        // The killed server's psql died with it; PostgreSQL notices the closed connection at once.
        let leftover = 1;
        for (let waited = 0; waited < 10_000 && leftover > 0; waited += 100) {
          leftover = await restoreSessions(db);
          if (leftover > 0) await new Promise((r) => setTimeout(r, 100));
        }
        expect(leftover).toBe(0);
        const weight = await db.kysely
          .selectFrom("settings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("key", "like", "weight-%")
          .executeTakeFirst();
        expect(Number(weight?.n)).toBe(60_000);
        const after = await db.kysely.selectFrom("settings").select("key").where("key", "like", "after-%").execute();
        expect(after.length).toBeLessThanOrEqual(1);
        const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
        expect(migrations.rows.length).toBeGreaterThan(0);
        const restoring = await db.kysely.selectFrom("backup_jobs").select("id").where("kind", "=", "restore").where("status", "=", "running").execute();
        if (restoring.length > 0) caughtInside += 1;
        await db.close();
      }
      await watcher.close();
      // Most kills come before psql's COMMIT (the old data, its restore job still "running").
      expect(caughtInside).toBeGreaterThan(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
