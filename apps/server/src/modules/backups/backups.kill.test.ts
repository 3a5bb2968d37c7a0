import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { sql } from "kysely";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { loadConfig } from "../../config.ts";
import { backupsRoot, listBackups, verifyChecksums } from "./backup-store.ts";
import { createBackup, prepareBackups } from "./backups.service.ts";

/** Starts a child script, waits for its "ready", kills it with SIGKILL after a random moment. */
async function killMidway(script: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 400));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
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
