import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { exportDir } from "../exports/exports.service.ts";
import { createBackup } from "../backups/backups.service.ts";

/**
 * The system tools (docs/decisions/044-cleanup-logs-maintenance.md): spec data §5 "Cleanup
 * requires typing a confirmation phrase", the audit entry `cleanup` (spec §7 "system entries ...
 * cleanup ... appear as a centred line"), and the maintenance health.
 */
const DAY = 24 * 3600_000;
const PREVIEW = "query($data: CleanupScopeInput!) { cleanupPreview(data: $data) { calls audit_logs exports } }";
const CLEANUP = "mutation($data: CleanupInput!) { cleanup(data: $data) { calls audit_logs exports } }";
const STATUS =
  "{ maintenanceStatus { database_ok database_latency_ms links { system_id connected } disk_free_bytes disk_total_bytes backup_count last_backup_at last_publish_at } }";

describe.each(TEST_DIALECTS)("cleanup and maintenance on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let nurse: TestClient;
  let limited: TestClient;
  let dataDir: string;
  let now: number;
  let before: number;

  const call = (i: number, opened: number, closed: number | null) => ({
    system_id: 1,
    external_id: i,
    device_id: 5,
    call_type_id: 1,
    call_source_id: null,
    section_id: null,
    opened_at: opened,
    closed_at: closed,
    close_reason: closed ? "test" : null,
    manually_closed_by_username: null,
    handled_by_app_username: null,
    call_type_text: "Ruf",
    call_source_text: "Taster",
    device_text_short: "Z 101",
    device_text_long: "Zimmer 101",
    section_name: "Station A",
    seq: i,
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-ops-"));
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    now = server.clock.now;
    before = now - 30 * DAY;
    const db = server.db.kysely;
    const root = await buildUser(db, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    nurse = new TestClient(server.app);
    const n = await buildUser(db, { permissions: ["calllog::use_module"] });
    await nurse.login(n.username, n.password);
    limited = new TestClient(server.app);
    const l = await buildUser(db, { permissions: ["admin::use_module", "admin::manage_system"], system_access: [1] });
    await limited.login(l.username, l.password);

    const old = now - 60 * DAY;
    await db
      .insertInto("calls")
      .values([call(1, old, old + 60_000), call(2, old + 1000, old + 61_000), call(3, old, null), call(4, now - DAY, now - DAY + 60_000)])
      .execute();
    const audit = await db
      .insertInto("audit_logs")
      .values(
        [0, 1].map((i) => ({
          system_id: 1,
          user_id: null,
          created_at: old + i,
          entity_type: "callType",
          entity_id: 1,
          namespace: "caresuite",
          action: "updated",
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("audit_log_changes")
      .values({ audit_log_id: audit[0]?.id ?? 0, field: "name", value_old: "a", value_new: "b" })
      .execute();
    const jobs = await db
      .insertInto("export_jobs")
      .values([
        { system_id: 1, user_id: root.id, format: "CSV", state: "done", filter: "{}", locale: "de", created_at: old, finished_at: old, file_name: "old.csv" },
        { system_id: 1, user_id: root.id, format: "CSV", state: "running", filter: "{}", locale: "de", created_at: old, finished_at: null, file_name: null },
        {
          system_id: 1,
          user_id: root.id,
          format: "PDF",
          state: "done",
          filter: "{}",
          locale: "de",
          created_at: now - DAY,
          finished_at: now,
          file_name: "new.pdf",
        },
      ])
      .returning("id")
      .execute();
    mkdirSync(exportDir(dataDir), { recursive: true });
    writeFileSync(join(exportDir(dataDir), `${jobs[0]?.id}.csv`), "old");
    writeFileSync(join(exportDir(dataDir), `${jobs[2]?.id}.pdf`), "new");
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const scope = { calls: true, audit: true, exports: true };

  it("the dry run counts; a mistyped phrase is a VALIDATION error on confirmation and deletes nothing", async () => {
    const preview = await admin.gql<{ cleanupPreview: unknown }>(PREVIEW, { data: { before, ...scope } });
    expect(preview.errors).toBeUndefined();
    // Open call 3 and the recent call stay; the running export stays.
    expect(preview.data?.cleanupPreview).toEqual({ calls: 2, audit_logs: 2, exports: 1 });
    expect((await admin.gql<{ cleanupPreview: unknown }>(PREVIEW, { data: { before, ...scope, audit: false } })).data?.cleanupPreview).toEqual({
      calls: 2,
      audit_logs: 0,
      exports: 1,
    });

    for (const confirmation of ["endgültig löschen", "ENDGÜLTIG LÖSCHEN ", "DELETE PERMANENTLY", ""]) {
      const wrong = await admin.gql(CLEANUP, { data: { before, ...scope, confirmation } });
      expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { confirmation: [{ message: "validation.cleanup_phrase" }] } });
    }
    const none = await admin.gql(PREVIEW, { data: { before, calls: false, audit: false, exports: false } });
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { calls: [{ message: "validation.cleanup_nothing" }] } });
    const future = await admin.gql(PREVIEW, { data: { before: now + DAY, ...scope } });
    expect(future.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { before: [{ message: "validation.cleanup_future" }] } });
    expect((await admin.gql<{ cleanupPreview: unknown }>(PREVIEW, { data: { before, ...scope } })).data?.cleanupPreview).toEqual({
      calls: 2,
      audit_logs: 2,
      exports: 1,
    });
  });

  it("only who may write admin::manage_system and sees every system cleans up", async () => {
    expect((await nurse.gql(PREVIEW, { data: { before, ...scope } })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await limited.gql(PREVIEW, { data: { before, ...scope } })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await limited.gql(CLEANUP, { data: { before, ...scope, confirmation: "ENDGÜLTIG LÖSCHEN" } })).errors?.[0]?.extensions?.["code"]).toBe(
      "MISSING_PERMISSION",
    );
  });

  it("the phrase of the request's language deletes; open calls and running exports stay; audited cleanup with the counts", async () => {
    admin.language = "en";
    const done = await admin.gql<{ cleanup: unknown }>(CLEANUP, { data: { before, ...scope, confirmation: "DELETE PERMANENTLY" } });
    admin.language = "de";
    expect(done.errors).toBeUndefined();
    expect(done.data?.cleanup).toEqual({ calls: 2, audit_logs: 2, exports: 1 });
    const db = server.db.kysely;
    expect((await db.selectFrom("calls").select("external_id").orderBy("external_id").execute()).map((c) => c.external_id)).toEqual([3, 4]);
    expect((await db.selectFrom("export_jobs").select("state").orderBy("id").execute()).map((j) => j.state)).toEqual(["running", "done"]);
    expect(readdirSync(exportDir(dataDir))).toEqual([expect.stringMatching(/\.pdf$/)]);
    expect(await db.selectFrom("audit_log_changes").select("id").execute()).toEqual([]);
    const entries = await db.selectFrom("audit_logs").select(["action", "entity_type", "meta", "created_at"]).where("action", "!=", "loggedin").execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.action).toBe("cleanup");
    expect(JSON.parse(entries[0]?.meta ?? "{}")).toEqual({ before, calls: 2, audit_logs: 2, exports: 1 });
    // Nothing left to delete: the next dry run says so.
    expect((await admin.gql<{ cleanupPreview: unknown }>(PREVIEW, { data: { before, ...scope } })).data?.cleanupPreview).toEqual({
      calls: 0,
      audit_logs: 0,
      exports: 0,
    });
  });

  it("the health: database, disk, backups (none yet, then the newest good one); tools need a link", async () => {
    const status = await admin.gql<{ maintenanceStatus: Record<string, unknown> }>(STATUS);
    expect(status.errors).toBeUndefined();
    expect(status.data?.maintenanceStatus).toMatchObject({ database_ok: true, links: [], backup_count: 0, last_backup_at: null, last_publish_at: null });
    expect(status.data?.maintenanceStatus["database_latency_ms"]).toBeGreaterThanOrEqual(0);
    expect(status.data?.maintenanceStatus["disk_free_bytes"]).toBeGreaterThan(0);
    // A stray file is no backup; a finished one counts.
    mkdirSync(join(dataDir, "backups"), { recursive: true });
    writeFileSync(join(dataDir, "backups", "backup-1.tar.gz"), "x");
    expect((await admin.gql<{ maintenanceStatus: Record<string, unknown> }>(STATUS)).data?.maintenanceStatus).toMatchObject({ backup_count: 0 });
    await createBackup({ db: server.db, config: server.config, now: Date.now }, { trigger: "manual", userId: null });
    const withBackup = await admin.gql<{ maintenanceStatus: Record<string, unknown> }>(STATUS);
    expect(withBackup.data?.maintenanceStatus).toMatchObject({ backup_count: 1, last_backup_at: expect.any(String) });
    expect((await nurse.gql(STATUS)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    // No links run in this server: the tool says so (CONFLICT), never a 5xx.
    const restart = await admin.gql("mutation { restartCallSystemLink }");
    expect(restart.errors?.[0]?.extensions?.["code"]).toBe("CONFLICT");
    expect(existsSync(dataDir)).toBe(true);
  });
});
