import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { freePort, startTestSshd, type TestSshd } from "../../test-support/sshd.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

/**
 * The online backup's SSH side against a real OpenSSH server (docs/decisions/045-online-backup.md):
 * reading the target's host key for pinning ("Read host key", the tunnel's scan), only from this
 * machine, with the write permission, audited.
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
    server = await startTestServer(dialect);
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
    const activated = await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    });
    expect(activated.errors).toBeUndefined();
  }, 60_000);
  afterAll(() => server.close());

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
});
