import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { databaseSnapshot } from "../../test-support/db-snapshot.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { readStoredFile, storeFile } from "../files/file-store.ts";
import { backupsRoot, destinationFailure, MANIFEST, sha256File, type BackupManifest } from "./backup-store.ts";
import { DATABASE_FILE, prepareBackups, runDueBackup, settleBackups } from "./backups.service.ts";

/**
 * Backups and restore (docs/decisions/041-backups.md; route table "/admin backups |
 * admin::manage_backups and management licence"): a backup → wipe → restore round trip that
 * compares every table, refused corrupt backups, an unwritable destination, partial backups never
 * listed, and the permission and licence refusals.
 */
const OVERVIEW =
  "{ backupOverview { settings { enabled time retention } backups { name trigger dialect migration size files } jobs { id kind status progress error folder } } }";
const START = "mutation { startBackup { id kind status } }";
const RESTORE = "mutation($name: String!) { restoreBackup(name: $name) { name restored_at } }";
const SETTINGS = "mutation($data: BackupSettingsInput!) { updateBackupSettings(data: $data) { enabled time retention } }";

type Overview = {
  backupOverview: {
    settings: { enabled: boolean; time: string; retention: number };
    backups: { name: string; trigger: string; dialect: string; migration: string; size: number; files: number }[];
    jobs: { id: number; kind: string; status: string; progress: number; error: string | null; folder: string | null }[];
  };
};
/** The newest migration file (the copied database is fully migrated). */
const LATEST_MIGRATION = readdirSync(join(import.meta.dirname, "../../db/migrations"))
  .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file) && !file.endsWith(".test.ts"))
  .sort()
  .at(-1)
  ?.replace(/\.ts$/, "");
const ext = (errors: { extensions?: Record<string, unknown> }[] | undefined) => errors?.[0]?.extensions ?? {};

describe.each(TEST_DIALECTS)("backups on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let manager: TestClient;
  let nurse: TestClient;
  let dataDir: string;
  const deps = () => ({ db: server.db, config: server.config, now: () => server.clock.now });

  const backupNow = async (): Promise<string> => {
    const started = await admin.gql<{ startBackup: { id: number; status: string } }>(START);
    expect(started.errors).toBeUndefined();
    await settleBackups();
    const overview = await admin.gql<Overview>(OVERVIEW);
    const job = overview.data?.backupOverview.jobs.find((j) => j.id === started.data?.startBackup.id);
    expect(job).toMatchObject({ kind: "backup", status: "done", progress: 100 });
    return job?.folder ?? "";
  };
  const folderOf = (name: string) => join(backupsRoot(server.config.DATA_DIR), name);
  const rewriteManifest = async (name: string, change: (m: BackupManifest) => Promise<void>) => {
    const path = join(folderOf(name), MANIFEST);
    const manifest = JSON.parse(await readFile(path, "utf8")) as BackupManifest;
    await change(manifest);
    await writeFile(path, JSON.stringify(manifest));
  };

  beforeAll(async () => {
    // Its own data folder on both dialects (PostgreSQL tests otherwise share ./data).
    dataDir = await mkdtemp(join(tmpdir(), "caresuite-backups-"));
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    const db = server.db.kysely;
    await buildSystem(db, 1);
    const root = await buildUser(db, { is_superuser: true });
    const boss = await buildUser(db, { permissions: ["admin::use_module", "admin::manage_backups"] });
    const carer = await buildUser(db, { permissions: ["calllog::use_module"] });
    admin = new TestClient(server.app);
    manager = new TestClient(server.app);
    nurse = new TestClient(server.app);
    expect((await admin.login(root.username, root.password)).json()).toMatchObject({ ok: true });
    expect((await manager.login(boss.username, boss.password)).json()).toMatchObject({ ok: true });
    expect((await nurse.login(carer.username, carer.password)).json()).toMatchObject({ ok: true });
    await prepareBackups(deps());
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers only admin::manage_backups with the management licence", async () => {
    expect(ext((await new TestClient(server.app).gql(OVERVIEW)).errors)["code"]).toBe("MISSING_AUTH");
    expect(ext((await nurse.gql(OVERVIEW)).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await nurse.gql(START)).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await nurse.gql(RESTORE, { name: "2026-11-27T0300Z" })).errors)["code"]).toBe("MISSING_PERMISSION");
    // Route table: "admin::manage_backups and management licence".
    expect(ext((await manager.gql(OVERVIEW)).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await manager.gql(START)).errors)["code"]).toBe("MISSING_PERMISSION");
    await activateTestLicence(admin);
    const overview = await manager.gql<Overview>(OVERVIEW);
    expect(overview.errors).toBeUndefined();
    expect(overview.data?.backupOverview.settings).toEqual({ enabled: true, time: "03:00", retention: 7 });
  });

  it("validates and audits the settings", async () => {
    const bad = await admin.gql(SETTINGS, { data: { enabled: true, time: "25:00", retention: 0 } });
    expect(ext(bad.errors)).toMatchObject({
      code: "VALIDATION",
      fields: { time: [{ message: "validation.format" }], retention: [{ message: "validation.between" }] },
    });
    const saved = await admin.gql(SETTINGS, { data: { enabled: true, time: "02:30", retention: 2 } });
    expect(saved.data).toEqual({ updateBackupSettings: { enabled: true, time: "02:30", retention: 2 } });
    const audit = await server.db.kysely.selectFrom("audit_logs").select(["id", "action"]).where("entity_type", "=", "backupSettings").execute();
    expect(audit.map((a) => a.action)).toEqual(["updated"]);
  });

  it("backup → wipe → restore gives back every table and every uploaded file", async () => {
    const db = server.db.kysely;
    await db.deleteFrom("analytics_epochs").execute();
    await buildUser(db, { username: "restored-user" });
    const kept = await storeFile(server.config.DATA_DIR, "maps", 1, "png", new Uint8Array([1, 2, 3, 4]));
    const alsoKept = await storeFile(server.config.DATA_DIR, "maps", 1, "png", new Uint8Array([5, 6, 7]));
    const before = await databaseSnapshot(server.db);
    const lastAudit =
      (
        await db
          .selectFrom("audit_logs")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0;

    const name = await backupNow();
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{4}Z/);
    const manifest = JSON.parse(await readFile(join(folderOf(name), MANIFEST), "utf8")) as BackupManifest;
    expect(manifest).toMatchObject({ format: 1, dialect, product_version: "5.441", migration: LATEST_MIGRATION });
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([DATABASE_FILE[dialect], "settings.json", `uploads/${kept}`, `uploads/${alsoKept}`]),
    );
    for (const file of manifest.files) expect(await sha256File(join(folderOf(name), file.path))).toBe(file.sha256);
    const listed = (await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups;
    expect(listed?.[0]).toMatchObject({ name, trigger: "manual", dialect, files: manifest.files.length });
    // The backup is audited as a configuration backup (the audit view's backup icon).
    expect(await db.selectFrom("audit_logs").select(["action", "entity_display_name"]).where("entity_type", "=", "configbackup").execute()).toEqual([
      { action: "created", entity_display_name: name },
    ]);

    // Wipe: rows gone, rows added, a file gone, a file added.
    await db.deleteFrom("users").where("username", "=", "restored-user").execute();
    await db.deleteFrom("backup_settings").execute();
    await buildSystem(db, 2);
    await buildUser(db, { username: "after-backup" });
    await rm(join(server.config.DATA_DIR, "uploads", kept));
    const extra = await storeFile(server.config.DATA_DIR, "maps", 1, "png", new Uint8Array([9]));
    expect(await databaseSnapshot(server.db)).not.toBe(before);

    const restored = await admin.gql<{ restoreBackup: { name: string } }>(RESTORE, { name });
    expect(restored.errors).toBeUndefined();
    expect(restored.data?.restoreBackup.name).toBe(name);
    // The restore is audited in the restored data (a "backup" system entry).
    const entry = await db
      .selectFrom("audit_logs")
      .select(["action", "meta", "user_id"])
      .where("entity_type", "=", "configbackup")
      .where("action", "=", "backup")
      .executeTakeFirst();
    expect(JSON.parse(entry?.meta ?? "{}")).toMatchObject({ operation: "restore", folder: name });
    // Every table as it was, but for the records of this backup and restore themselves.
    expect(await db.selectFrom("backup_jobs").select(["kind", "status"]).orderBy("id").execute()).toEqual([
      { kind: "backup", status: "interrupted" },
      { kind: "restore", status: "done" },
    ]);
    await db.deleteFrom("backup_jobs").execute();
    // The restore gave every system a new analytics epoch (the rollups in memory are set aside).
    const epochs = await db.selectFrom("analytics_epochs").select(["system_id", "epoch"]).execute();
    expect(epochs.map((e) => e.system_id)).toEqual([1]);
    expect(epochs[0]?.epoch).toMatch(/^[0-9a-f-]{36}$/);
    await db.deleteFrom("analytics_epochs").execute();
    const newer = await db.selectFrom("audit_logs").select("id").where("id", ">", lastAudit).execute();
    if (newer.length) {
      await db
        .deleteFrom("audit_log_changes")
        .where(
          "audit_log_id",
          "in",
          newer.map((r) => r.id),
        )
        .execute();
      await db.deleteFrom("audit_logs").where("id", ">", lastAudit).execute();
    }
    expect(await databaseSnapshot(server.db)).toBe(before);
    expect(await readStoredFile(server.config.DATA_DIR, kept)).toEqual(Buffer.from([1, 2, 3, 4]));
    expect(await readStoredFile(server.config.DATA_DIR, alsoKept)).toEqual(Buffer.from([5, 6, 7]));
    expect(await readStoredFile(server.config.DATA_DIR, extra)).toBeNull();
    // The session made before the backup still works, and the server keeps serving.
    expect((await admin.gql<Overview>(OVERVIEW)).errors).toBeUndefined();
  }, 60_000);

  it("refuses a corrupt backup before touching anything", async () => {
    const name = await backupNow();
    const before = await databaseSnapshot(server.db);
    const database = join(folderOf(name), DATABASE_FILE[dialect]);
    const original = await readFile(database);
    // 1. A byte changed: the checksum says so.
    const flipped = Buffer.from(original);
    flipped[Math.floor(flipped.length / 2)] = (flipped[Math.floor(flipped.length / 2)] ?? 0) ^ 0xff;
    await writeFile(database, flipped);
    const refused = await admin.gql(RESTORE, { name });
    expect(ext(refused.errors)).toMatchObject({ code: "CONFLICT", reason: "corrupt" });
    // 2. A broken copy with a matching checksum (written by a faulty disk before sealing): the
    // database check says so.
    const broken = Buffer.concat([original.subarray(0, 100), Buffer.alloc(Math.max(0, original.length - 100), 0x55)]);
    await writeFile(database, broken);
    await rewriteManifest(name, async (m) => {
      const file = m.files.find((f) => f.path === DATABASE_FILE[dialect]);
      if (file) Object.assign(file, { size: broken.length, sha256: await sha256File(database) });
    });
    const refusedAgain = await admin.gql(RESTORE, { name });
    expect(ext(refusedAgain.errors)).toMatchObject({ code: "CONFLICT", reason: "corrupt" });
    // 3. A file of the manifest is missing.
    await rm(join(folderOf(name), "settings.json"));
    expect(ext((await admin.gql(RESTORE, { name })).errors)).toMatchObject({ code: "CONFLICT", reason: "corrupt" });
    expect(ext((await admin.gql(RESTORE, { name: "../../etc" })).errors)).toMatchObject({ code: "NOT_FOUND" });

    const jobs = await server.db.kysely.selectFrom("backup_jobs").select(["kind", "status", "error"]).where("kind", "=", "restore").execute();
    expect(jobs).toEqual(Array.from({ length: 3 }, () => ({ kind: "restore", status: "failed", error: "corrupt" })));
    // Nothing changed but the refused jobs and their audit entries.
    await server.db.kysely.deleteFrom("backup_jobs").where("kind", "=", "restore").execute();
    const after = await databaseSnapshot(server.db);
    const strip = (snapshot: string) => snapshot.replace(/\naudit_logs\n[\s\S]*?\n\n/, "\n").replace(/"operation":"restore","result":"refused"[^\n]*/g, "");
    expect(strip(after)).toBe(strip(before));
    await rm(folderOf(name), { recursive: true });
  }, 60_000);

  it("an unwritable destination is refused with its reason; the backups made stay; one job at a time", async () => {
    const good = await backupNow();
    const root = backupsRoot(server.config.DATA_DIR);
    await rename(root, `${root}.aside`);
    // A file where the folder should be (tests run as root, who ignores permissions; a file stops anyone).
    await writeFile(root, "not a folder");
    const refused = await admin.gql(START);
    expect(ext(refused.errors)).toMatchObject({ code: "CONFLICT", reason: "destination_unwritable" });
    await rm(root);
    await rename(`${root}.aside`, root);
    expect((await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups.map((b) => b.name)).toContain(good);
    expect(destinationFailure(Object.assign(new Error("full"), { code: "ENOSPC" })).reason).toBe("destination_full");
    expect(destinationFailure(Object.assign(new Error("ro"), { code: "EROFS" })).reason).toBe("destination_unwritable");
    // Never two at once.
    const [a, b] = await Promise.all([admin.gql(START), admin.gql(START)]);
    expect([a.errors, b.errors].filter(Boolean).map((e) => ext(e))).toEqual([expect.objectContaining({ code: "CONFLICT", reason: "busy" })]);
    await settleBackups();
  }, 60_000);

  it("never lists a partial backup and removes partial folders at start; keeps the retention count", async () => {
    const root = backupsRoot(server.config.DATA_DIR);
    const listedBefore = (await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups.map((b) => b.name);
    // A backup killed before its manifest, one killed while renaming, one with a broken manifest.
    await mkdir(join(root, ".partial-99-abc"), { recursive: true });
    await writeFile(join(root, ".partial-99-abc", DATABASE_FILE[dialect]), "half");
    await mkdir(join(root, "2026-01-01T0300Z"));
    await writeFile(join(root, "2026-01-01T0300Z", DATABASE_FILE[dialect]), "half");
    await mkdir(join(root, "2026-01-02T0300Z"));
    await writeFile(join(root, "2026-01-02T0300Z", MANIFEST), "{ not json");
    expect((await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups.map((b) => b.name)).toEqual(listedBefore);
    await prepareBackups(deps());
    expect(existsSync(join(root, ".partial-99-abc"))).toBe(false);
    // Retention 2 (set above): after two more, only they are left; the invalid folders stay unlisted, untouched.
    const second = await backupNow();
    const third = await backupNow();
    expect((await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups.map((b) => b.name)).toEqual([third, second]);
    for (const name of listedBefore ?? []) expect(existsSync(join(root, name))).toBe(false);
    expect(existsSync(join(root, "2026-01-01T0300Z"))).toBe(true);
  }, 60_000);

  it("the nightly pass makes the owed backup once, as a scheduled one", async () => {
    // Settings saved at 02:30 on 26 Nov; the 02:30 backup of 27 Nov is owed at 09:00.
    server.clock.now = Date.parse("2026-11-26T00:00:00Z");
    await admin.gql(SETTINGS, { data: { enabled: true, time: "02:30", retention: 5 } });
    server.clock.now = Date.parse("2026-11-27T08:00:00Z");
    const made = await runDueBackup(deps());
    expect(made).toMatch(/^2026-11-27T0800Z/);
    expect(await runDueBackup(deps())).toBeNull();
    const job = await server.db.kysely.selectFrom("backup_jobs").select(["trigger", "slot", "status"]).where("trigger", "=", "scheduled").execute();
    expect(job).toEqual([{ trigger: "scheduled", slot: "2026-11-27T0130Z", status: "done" }]);
  }, 60_000);
});
