import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { backupsRoot } from "./backup-store.ts";
import { settleBackups } from "./backups.service.ts";

/**
 * A backup into a destination that is really full (docs/decisions/041-backups.md "Errors"): the
 * backups folder is a 1 MiB tmpfs, the database several MiB of data that does not compress. The
 * job ends failed with the reason `destination_full` (translated on the web), nothing partial is
 * left or listed, the failure is audited, and the server keeps answering. Mounting needs root (or
 * CAP_SYS_ADMIN): where it is refused, the test says so and skips.
 */
function tmpfsRefusal(): string | null {
  let dir: string | null = null;
  try {
    dir = mkdtempSync(join(tmpdir(), "caresuite-tmpfs-probe-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "pipe" });
    execFileSync("umount", [dir], { stdio: "pipe" });
    return null;
  } catch (error) {
    return error instanceof Error ? (error.message.split("\n")[0] ?? "refused") : String(error);
  } finally {
    if (dir) rmdirSync(dir);
  }
}
const refusal = tmpfsRefusal();
if (refusal) console.warn(`backups.disk-full.test.ts skipped: a tmpfs cannot be mounted here (${refusal})`);

const OVERVIEW = "{ backupOverview { backups { name } jobs { id kind status error folder } } }";
const START = "mutation { startBackup { id kind status } }";
const ext = (errors: { extensions?: Record<string, unknown> }[] | undefined) => errors?.[0]?.extensions ?? {};
type Overview = {
  backupOverview: { backups: { name: string }[]; jobs: { id: number; kind: string; status: string; error: string | null; folder: string | null }[] };
};

describe.skipIf(refusal !== null).each(TEST_DIALECTS)("a backup into a full destination on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let dataDir: string;
  let root: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "caresuite-backup-full-"));
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    const db = server.db.kysely;
    await buildSystem(db, 1);
    const user = await buildUser(db, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
    await activateTestLicence(admin);
    // ~4 MiB that neither SQLite's pages nor pg_dump's compression make small.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ key: `noise-${i}`, value: randomBytes(1024).toString("hex"), updated_at: 1 }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto("settings")
        .values(rows.slice(i, i + 200))
        .execute();
    root = backupsRoot(dataDir);
    await mkdir(root, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", root], { stdio: "pipe" });
  }, 60_000);
  afterAll(async () => {
    await settleBackups();
    // Lazy: a file still open cannot keep the folder mounted.
    if (root) execFileSync("umount", ["-l", root], { stdio: "pipe" });
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("fails with destination_full, leaves nothing partial or listed, audits it, and the server keeps answering", async () => {
    const started = await admin.gql<{ startBackup: { id: number } }>(START);
    // The probe write fits: the job starts and runs into the full disk while copying.
    expect(started.errors).toBeUndefined();
    await settleBackups();
    const overview = (await admin.gql<Overview>(OVERVIEW)).data?.backupOverview;
    expect(overview?.jobs.find((j) => j.id === started.data?.startBackup.id)).toMatchObject({ kind: "backup", status: "failed", error: "destination_full" });
    expect(overview?.backups).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select("meta")
      .where("entity_type", "=", "configbackup")
      .where("action", "=", "backup")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.meta))).toEqual({ operation: "backup", result: "failed", reason: "destination_full" });
    // The server goes on: a query answers and a write commits.
    expect((await admin.gql(OVERVIEW)).errors).toBeUndefined();
    await server.db.kysely.insertInto("settings").values({ key: "after-full", value: "1", updated_at: 2 }).execute();
  }, 60_000);

  it("a destination with no room left at all is refused before a job starts", async () => {
    // Fill the tmpfs to the last byte.
    try {
      writeFileSync(join(root, "filler"), Buffer.alloc(2 * 1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    }
    const refused = await admin.gql(START);
    expect(ext(refused.errors)).toMatchObject({ code: "CONFLICT", reason: "destination_full" });
    expect((await admin.gql<Overview>(OVERVIEW)).data?.backupOverview.backups).toEqual([]);
    expect(readdirSync(root)).toEqual(["filler"]);
    await rm(join(root, "filler"));
  });
});
