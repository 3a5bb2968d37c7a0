import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PubSub } from "../../realtime/pubsub.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestSshd, type TestSshd } from "../../test-support/sshd.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { MANIFEST, type BackupManifest } from "../backups/backup-store.ts";
import { createBackup, prepareBackups } from "../backups/backups.service.ts";
import { UPLOAD_STALE_MS } from "./online-backup.service.ts";

/**
 * Online backup over SFTP against a real OpenSSH server (docs/decisions/045-online-backup.md;
 * route table "/admin backups | admin::manage_backups and management licence"; spec errors
 * "Online backup: login failure, login URL missing, editable only via localhost").
 */
let sshd: TestSshd;
beforeAll(async () => {
  sshd = await startTestSshd();
}, 30_000);
afterAll(() => sshd?.close(), 30_000);

const SETTINGS = "{ onlineBackupSettings { enabled path host_key_fingerprint has_token } }";
const STATUS = "{ onlineBackupStatus { state error last_ok last_name last_at } }";
const UPDATE = "mutation($data: OnlineBackupSettingsInput!) { updateOnlineBackupSettings(data: $data) { enabled path host_key_fingerprint has_token } }";
const ext = (errors: { extensions?: Record<string, unknown> }[] | undefined) => errors?.[0]?.extensions ?? {};

interface Status {
  state: string;
  error: string | null;
  last_ok: boolean | null;
  last_name: string | null;
  last_at: string | null;
}

describe.each(TEST_DIALECTS)("online backup on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let manager: TestClient;
  let nurse: TestClient;
  let dataDir: string;
  let remote: string;
  const pushed: { subject: string; payload: string }[] = [];
  const bus = { publish: async (_topic: string, message: unknown) => void pushed.push(message as { subject: string; payload: string }) } as PubSub;
  const deps = () => ({ db: server.db, config: server.config, now: () => server.clock.now, bus });
  const settings = (change: Record<string, unknown> = {}) => ({
    enabled: true,
    path: `sftp://${sshd.username}@${sshd.host}:${sshd.port}/${remote}`,
    host_key_fingerprint: sshd.hostKeyFingerprint,
    token: sshd.privateKey,
    ...change,
  });
  const status = async () => (await manager.gql<{ onlineBackupStatus: Status }>(STATUS)).data?.onlineBackupStatus;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "caresuite-online-"));
    remote = join(sshd.dir, dialect); // absolute: sftp://…//abs/path
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    const db = server.db.kysely;
    await buildSystem(db, 1);
    const root = await buildUser(db, { is_superuser: true });
    const boss = await buildUser(db, { permissions: ["admin::use_module", "admin::manage_backups"] });
    const carer = await buildUser(db, { permissions: ["calllog::use_module"] });
    admin = new TestClient(server.app);
    manager = new TestClient(server.app);
    nurse = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await manager.login(boss.username, boss.password);
    await nurse.login(carer.username, carer.password);
    await prepareBackups(deps());
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers only admin::manage_backups with the management licence", async () => {
    expect(ext((await new TestClient(server.app).gql(STATUS)).errors)["code"]).toBe("MISSING_AUTH");
    expect(ext((await nurse.gql(STATUS)).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await nurse.gql(UPDATE, { data: settings() })).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await manager.gql(SETTINGS)).errors)["code"]).toBe("MISSING_PERMISSION");
    await activateTestLicence(admin);
    expect(await status()).toEqual({ state: "unconfigured", error: null, last_ok: null, last_name: null, last_at: null });
  });

  it("is editable only via localhost; validated; the token is never returned and audited as ***", async () => {
    const remoteClient = new TestClient(server.app);
    remoteClient.cookie = manager.cookie;
    remoteClient.remoteAddress = "10.1.2.3";
    expect(ext((await remoteClient.gql(UPDATE, { data: settings() })).errors)).toMatchObject({ code: "CONFLICT", reason: "localhost_only" });
    // The tunnel's source address is not this machine either.
    remoteClient.remoteAddress = "127.0.0.2";
    expect(ext((await remoteClient.gql(UPDATE, { data: settings() })).errors)).toMatchObject({ code: "CONFLICT", reason: "localhost_only" });
    const invalid = await manager.gql(UPDATE, { data: settings({ path: "https://x", host_key_fingerprint: "MD5:aa" }) });
    expect(ext(invalid.errors)).toMatchObject({
      code: "VALIDATION",
      fields: { path: [{ message: "validation.online_backup_path" }], host_key_fingerprint: [{ message: "validation.tunnel_fingerprint" }] },
    });
    const saved = await manager.post("/backend/query", { query: UPDATE, variables: { data: settings() } });
    expect(saved.json()).toEqual({ data: { updateOnlineBackupSettings: { ...settings(), token: undefined, has_token: true } } });
    expect(saved.body).not.toContain("PRIVATE KEY");
    expect((await manager.post("/backend/query", { query: SETTINGS })).body).not.toContain("PRIVATE KEY");
    expect(ext((await manager.gql("{ onlineBackupSettings { token } }")).errors)["code"]).toBe("VALIDATION");
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "onlineBackup")
      .execute();
    expect(changes.find((c) => c.field === "token")?.value_new).toBe("***");
    expect(JSON.stringify(changes)).not.toContain("PRIVATE KEY");
    // Another account needs the token typed again.
    const moved = await manager.gql(UPDATE, { data: settings({ token: "", path: `sftp://other@${sshd.host}:${sshd.port}/x` }) });
    expect(ext(moved.errors)).toMatchObject({ code: "VALIDATION", fields: { token: [{ message: "validation.password_reentry" }] } });
    expect((await status())?.state).toBe("enabled");
  });

  it("uploads each good backup complete with its manifest, renamed from .partial, and pushes the result", async () => {
    const backup = await createBackup(deps(), { trigger: "manual", userId: null });
    const folder = join(remote, backup.name);
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(remote).some((name) => name.endsWith(".partial"))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(folder, MANIFEST), "utf8")) as BackupManifest;
    expect(manifest).toEqual(backup.manifest);
    for (const file of manifest.files) expect(existsSync(join(folder, file.path))).toBe(true);
    expect(await status()).toMatchObject({ state: "enabled", error: null, last_ok: true, last_name: backup.name });
    expect(pushed.at(-1)).toEqual({ subject: "onlinebackup.result", payload: JSON.stringify({ ok: true, name: backup.name, error: null }) });
    // The retention count holds remotely too; foreign files there are left alone.
    const retention = await manager.gql("mutation($data: BackupSettingsInput!) { updateBackupSettings(data: $data) { retention } }", {
      data: { enabled: true, time: "03:00", retention: 1 },
    });
    expect(retention.errors).toBeUndefined();
    writeFileSync(join(remote, "notes.txt"), "not a backup");
    server.clock.now += 61_000;
    const next = await createBackup(deps(), { trigger: "manual", userId: null });
    expect(readdirSync(remote).sort()).toEqual([next.name, "notes.txt"]);
  });

  it("a wrong key is a login failure; a changed host key is refused", async () => {
    expect((await manager.gql(UPDATE, { data: settings({ token: sshd.otherPrivateKey }) })).errors).toBeUndefined();
    server.clock.now += 61_000;
    const backup = await createBackup(deps(), { trigger: "manual", userId: null });
    expect(await status()).toMatchObject({ state: "error", error: "login_failure", last_ok: false, last_name: backup.name });
    expect(pushed.at(-1)).toEqual({ subject: "onlinebackup.result", payload: JSON.stringify({ ok: false, name: backup.name, error: "login_failure" }) });
    expect(existsSync(join(remote, backup.name))).toBe(false);

    expect((await manager.gql(UPDATE, { data: settings() })).errors).toBeUndefined();
    const pinned = sshd.hostKeyFingerprint;
    await sshd.rotateHostKey();
    expect((await manager.gql(UPDATE, { data: settings({ host_key_fingerprint: pinned }) })).errors).toBeUndefined();
    server.clock.now += 61_000;
    const refused = await createBackup(deps(), { trigger: "manual", userId: null });
    expect(await status()).toMatchObject({ state: "error", error: "host_key_changed", last_ok: false });
    expect(existsSync(join(remote, refused.name))).toBe(false);

    // Switched off: nothing is uploaded, the state says disabled.
    expect((await manager.gql(UPDATE, { data: settings({ enabled: false, token: "" }) })).errors).toBeUndefined();
    expect((await status())?.state).toBe("disabled");
  });

  it("an upload left in progress by a process that died ends as the error interrupted at the next start, audited", async () => {
    expect((await manager.gql(UPDATE, { data: settings() })).errors).toBeUndefined();
    // What a process killed during an upload leaves: the row says uploading, nobody touches it.
    const db = server.db.kysely;
    await db.updateTable("online_backup").set({ uploading_since: server.clock.now, updated_at: server.clock.now }).execute();
    expect((await status())?.state).toBe("in_progress");
    if (dialect === "postgres") {
      // Another instance may be uploading: only a stale heartbeat counts as dead.
      await prepareBackups(deps());
      expect((await status())?.state).toBe("in_progress");
      server.clock.now += UPLOAD_STALE_MS + 1;
    }
    await prepareBackups(deps());
    expect(await status()).toMatchObject({ state: "error", error: "interrupted", last_ok: false });
    const row = await db.selectFrom("online_backup").select("uploading_since").executeTakeFirstOrThrow();
    expect(row.uploading_since).toBeNull();
    const audit = await db
      .selectFrom("audit_logs")
      .select(["action", "meta"])
      .where("entity_type", "=", "onlineBackup")
      .where("action", "=", "backup")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.meta))).toEqual({ operation: "upload", result: "failed", reason: "interrupted" });
    // Once only: the next start finds nothing to end.
    await prepareBackups(deps());
    const lines = await db.selectFrom("audit_logs").select("id").where("entity_type", "=", "onlineBackup").where("action", "=", "backup").execute();
    server.clock.now += 61_000;
    await prepareBackups(deps());
    expect(await db.selectFrom("audit_logs").select("id").where("entity_type", "=", "onlineBackup").where("action", "=", "backup").execute()).toHaveLength(
      lines.length,
    );
    // The next good upload clears the error.
    const backup = await createBackup(deps(), { trigger: "manual", userId: null });
    expect(await status()).toMatchObject({ state: "enabled", error: null, last_ok: true, last_name: backup.name });
  });
});
