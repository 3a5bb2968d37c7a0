import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { freePort, startTestSshd, type TestSshd } from "../../test-support/sshd.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { MANIFEST, type BackupManifest } from "../backups/backup-store.ts";
import { createBackup, prepareBackups } from "../backups/backups.service.ts";

/**
 * The online backup's SSH side against a real OpenSSH server (docs/decisions/045-online-backup.md):
 * reading the target's host key for pinning ("Read host key", the tunnel's scan), only from this
 * machine, with the write permission, audited; signing in with a password, and the refusal of a
 * passphrase-protected or unreadable key when saved.
 */
let sshd: TestSshd;
beforeAll(async () => {
  sshd = await startTestSshd();
}, 30_000);
afterAll(() => sshd?.close(), 30_000);

const SCAN = "mutation($data: OnlineBackupHostKeyInput!) { scanOnlineBackupHostKey(data: $data) { fingerprint failure } }";
type Scan = { scanOnlineBackupHostKey: { fingerprint: string | null; failure: string | null } };
const ext = (errors: { extensions?: Record<string, unknown> }[] | undefined) => errors?.[0]?.extensions ?? {};

describe.each(TEST_DIALECTS)("online backup host key scan on %s", (dialect) => {
  let server: TestServer;
  let manager: TestClient;
  let nurse: TestClient;
  let dataDir: string;
  const deps = () => ({ db: server.db, config: server.config, now: () => server.clock.now });
  const UPDATE = "mutation($data: OnlineBackupSettingsInput!) { updateOnlineBackupSettings(data: $data) { enabled path has_token } }";
  const STATUS = "{ onlineBackupStatus { state error last_ok last_name } }";
  const path = (port = sshd.port) => `sftp://${sshd.username}@${sshd.host}:${port}//srv/backups`;
  const scans = async () =>
    (
      await server.db.kysely
        .selectFrom("audit_logs")
        .select(["action", "user_id", "meta"])
        .where("entity_type", "=", "onlineBackup")
        .where("action", "=", "scanned")
        .orderBy("id")
        .execute()
    ).map((row) => ({ ...row, meta: JSON.parse(String(row.meta)) as Record<string, unknown> }));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "caresuite-online-ssh-"));
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    const db = server.db.kysely;
    const root = await buildUser(db, { is_superuser: true });
    const boss = await buildUser(db, { permissions: ["admin::use_module", "admin::manage_backups"] });
    const carer = await buildUser(db, { permissions: ["calllog::use_module"] });
    const admin = new TestClient(server.app);
    manager = new TestClient(server.app);
    nurse = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await manager.login(boss.username, boss.password);
    await nurse.login(carer.username, carer.password);
    await activateTestLicence(admin);
    await prepareBackups(deps());
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("reads the target's key for pinning: the fingerprint OpenSSH prints, audited; nothing stored", async () => {
    const answer = await manager.gql<Scan>(SCAN, { data: { path: path() } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.scanOnlineBackupHostKey).toEqual({ fingerprint: sshd.hostKeyFingerprint, failure: null });
    expect((await scans()).at(-1)).toMatchObject({ meta: { host: sshd.host, port: sshd.port, result: sshd.hostKeyFingerprint } });
    const settings = await manager.gql<{ onlineBackupSettings: { host_key_fingerprint: string } }>("{ onlineBackupSettings { host_key_fingerprint } }");
    expect(settings.data?.onlineBackupSettings.host_key_fingerprint).toBe("");
  });

  it("names the failure when nothing answers", async () => {
    const closed = await freePort();
    const answer = await manager.gql<Scan>(SCAN, { data: { path: path(closed) } });
    expect(answer.data?.scanOnlineBackupHostKey).toEqual({ fingerprint: null, failure: "unreachable" });
    expect((await scans()).at(-1)).toMatchObject({ meta: { port: closed, result: "unreachable" } });
  });

  it("checks the path with the form's rule before connecting", async () => {
    const before = (await scans()).length;
    expect(ext((await manager.gql(SCAN, { data: { path: "https://nas.example.com/x" } })).errors)).toMatchObject({
      code: "VALIDATION",
      fields: { path: [{ message: "validation.online_backup_path" }] },
    });
    expect(ext((await manager.gql(SCAN, { data: { path: "" } })).errors)).toMatchObject({
      code: "VALIDATION",
      fields: { path: [{ message: "validation.required" }] },
    });
    expect((await scans()).length).toBe(before);
  });

  it("only from this machine, and only with admin::manage_backups", async () => {
    const before = (await scans()).length;
    const remote = new TestClient(server.app);
    remote.cookie = manager.cookie;
    for (const address of ["10.1.2.3", "127.0.0.2"]) {
      remote.remoteAddress = address;
      expect(ext((await remote.gql(SCAN, { data: { path: path() } })).errors)).toMatchObject({ code: "CONFLICT", reason: "localhost_only" });
    }
    expect(ext((await nurse.gql(SCAN, { data: { path: path() } })).errors)["code"]).toBe("MISSING_PERMISSION");
    expect(ext((await new TestClient(server.app).gql(SCAN, { data: { path: path() } })).errors)["code"]).toBe("MISSING_AUTH");
    expect((await scans()).length).toBe(before);
  });

  it("a password token signs in: the backup lands in the account's home folder", async (context) => {
    const user = sshd.passwordUser;
    if (!user) return context.skip("password sign-in needs a temporary account: the tests run as root only");
    const saved = await manager.gql(UPDATE, {
      data: {
        enabled: true,
        path: `sftp://${user.username}@${sshd.host}:${sshd.port}/backups-${dialect}`,
        host_key_fingerprint: sshd.hostKeyFingerprint,
        token: user.password,
      },
    });
    expect(saved.errors).toBeUndefined();
    const backup = await createBackup(deps(), { trigger: "manual", userId: null });
    const status = await manager.gql<{ onlineBackupStatus: Record<string, unknown> }>(STATUS);
    expect(status.data?.onlineBackupStatus).toEqual({ state: "enabled", error: null, last_ok: true, last_name: backup.name });
    const folder = join(user.home, `backups-${dialect}`, backup.name);
    expect((JSON.parse(readFileSync(join(folder, MANIFEST), "utf8")) as BackupManifest).files).toEqual(backup.manifest.files);
    // A wrong password: the login failure, nothing uploaded.
    expect(
      (
        await manager.gql(UPDATE, {
          data: {
            enabled: true,
            path: `sftp://${user.username}@${sshd.host}:${sshd.port}/backups-${dialect}`,
            host_key_fingerprint: sshd.hostKeyFingerprint,
            token: "wrong",
          },
        })
      ).errors,
    ).toBeUndefined();
    server.clock.now += 61_000;
    const refused = await createBackup(deps(), { trigger: "manual", userId: null });
    expect((await manager.gql<{ onlineBackupStatus: Record<string, unknown> }>(STATUS)).data?.onlineBackupStatus).toMatchObject({
      state: "error",
      error: "login_failure",
    });
    expect(existsSync(join(user.home, `backups-${dialect}`, refused.name))).toBe(false);
  });

  it("refuses a passphrase-protected or unreadable key on saving (nothing stored), and takes a plain one", async () => {
    const data = (token: string) => ({ enabled: true, path: path(), host_key_fingerprint: sshd.hostKeyFingerprint, token });
    const before = await manager.gql<{ onlineBackupSettings: unknown }>("{ onlineBackupSettings { path has_token } }");
    expect(ext((await manager.gql(UPDATE, { data: data(sshd.encryptedPrivateKey) })).errors)).toMatchObject({
      code: "VALIDATION",
      fields: { token: [{ message: "validation.online_backup_key_encrypted" }] },
    });
    const garbage = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    expect(ext((await manager.gql(UPDATE, { data: data(garbage) })).errors)).toMatchObject({
      code: "VALIDATION",
      fields: { token: [{ message: "validation.tunnel_private_key" }] },
    });
    expect((await manager.gql<{ onlineBackupSettings: unknown }>("{ onlineBackupSettings { path has_token } }")).data).toEqual(before.data);
    expect((await manager.gql(UPDATE, { data: data(sshd.privateKey) })).errors).toBeUndefined();
  });
});
