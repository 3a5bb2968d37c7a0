import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { loadConfig } from "../../config.ts";
import { backupsRoot, listBackups, verifyChecksums } from "./backup-store.ts";
import { prepareBackups } from "./backups.service.ts";

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
        const child = spawn(process.execPath, [join(import.meta.dirname, "backup-loop.child.ts"), dataDir], { stdio: ["ignore", "pipe", "inherit"] });
        await new Promise<void>((resolve, reject) => {
          child.stdout.once("data", () => resolve());
          child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
        });
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 400));
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
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
