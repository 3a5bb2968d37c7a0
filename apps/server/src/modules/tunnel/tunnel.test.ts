import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { freePort, startTestSshd, type TestSshd } from "../../test-support/sshd.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { createTunnelManager } from "./tunnel-manager.ts";

/**
 * Remote access against a real OpenSSH server (docs/decisions/042-remote-access-tunnel.md):
 * route table "/admin ldap, tunnel, logs | admin::manage_system and management licence". The
 * tunnel forwards a port on the support host's loopback to this server's HTTP port.
 */
let sshd: TestSshd;
beforeAll(async () => {
  sshd = await startTestSshd();
}, 30_000);
afterAll(() => sshd?.close(), 30_000);

const SETTINGS_FIELDS = "host port username auth_method has_private_key has_password host_key_fingerprint remote_port";
const STATUS_FIELDS = "status open_until failure opened_by opened_at";
const UPDATE = `mutation($data: TunnelSettingsInput!) { updateTunnelSettings(data: $data) { ${SETTINGS_FIELDS} } }`;
const OPEN = `mutation($h: Int!) { openTunnel(duration_hours: $h) { ${STATUS_FIELDS} } }`;
const CLOSE = `mutation { closeTunnel { ${STATUS_FIELDS} } }`;
const STATUS = `{ tunnelStatus { ${STATUS_FIELDS} } }`;
const SCAN = "mutation($data: TunnelHostKeyInput!) { scanTunnelHostKey(data: $data) { fingerprint failure } }";
const HOUR = 3_600_000;

interface Status {
  status: string;
  open_until: string | null;
  failure: string | null;
  opened_by: string | null;
  opened_at: string | null;
}

/** GET /backend/health through the support host's forwarded port; null when nothing answers there. */
async function healthThrough(port: number): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/backend/health`, { signal: AbortSignal.timeout(5_000) });
    return response.status;
  } catch {
    return null;
  }
}

describe.each(TEST_DIALECTS)("remote access tunnel on %s", (dialect) => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient;
  let remotePort: number;
  let managerLogin: { username: string; password: string };
  /** A fresh session after the clock moved (sessions end after 1 h idle). */
  const relogin = async (): Promise<void> => {
    admin = new TestClient(server.app);
    await admin.login(managerLogin.username, managerLogin.password);
  };
  const settings = (change: Record<string, unknown> = {}) => ({
    host: sshd.host,
    port: sshd.port,
    username: sshd.username,
    auth_method: "key",
    private_key: sshd.privateKey,
    password: "",
    host_key_fingerprint: sshd.hostKeyFingerprint,
    remote_port: remotePort,
    ...change,
  });
  const audits = async () =>
    (await server.db.kysely.selectFrom("audit_logs").select(["action", "user_id", "meta"]).where("entity_type", "=", "tunnel").orderBy("id").execute()).map(
      (row): Record<string, unknown> => ({ action: row.action, user_id: row.user_id, ...(JSON.parse(row.meta ?? "{}") as Record<string, unknown>) }),
    );
  const status = async (client = admin) => (await client.gql<{ tunnelStatus: Status }>(STATUS)).data?.tunnelStatus;

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, { tunnel: true });
    remotePort = await freePort();
    const superuser = await buildUser(server.db.kysely, { is_superuser: true });
    root = new TestClient(server.app);
    await root.login(superuser.username, superuser.password);
    managerLogin = await buildUser(server.db.kysely, { permissions: ["admin::use_module", "admin::manage_system"] });
    await relogin();
  }, 30_000);
  afterAll(() => server.close(), 30_000);

  it("needs admin::manage_system and the management licence", async () => {
    const reader = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    await client.login(reader.username, reader.password);
    expect((await client.gql(STATUS)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await client.gql(OPEN, { h: 1 })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await new TestClient(server.app).gql(STATUS)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
    // No licence yet: the system manager is refused, a superuser is not.
    const unlicensed = await admin.gql(`{ tunnelSettings { host } }`);
    expect(unlicensed.errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await root.gql(`{ tunnelSettings { host } }`)).errors).toBeUndefined();
    await activateTestLicence(root);
    expect((await admin.gql(`{ tunnelSettings { host } }`)).errors).toBeUndefined();
  });

  it("is off by default and cannot open before it is set up", async () => {
    expect(await status()).toEqual({ status: "off", open_until: null, failure: null, opened_by: null, opened_at: null });
    const refused = await admin.gql(OPEN, { h: 1 });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "not_configured" });
  });

  it("saves the settings (validated, audited) and never returns the key or the password", async () => {
    const invalid = await admin.gql(UPDATE, { data: settings({ host: "bad host", host_key_fingerprint: "MD5:aa", private_key: "not a key", port: 0 }) });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: {
        host: [{ message: "validation.format" }],
        port: [{ message: "validation.between" }],
        host_key_fingerprint: [{ message: "validation.tunnel_fingerprint" }],
        private_key: [{ message: "validation.tunnel_private_key" }],
      },
    });
    // First without the pin: opening then says so.
    const saved = await admin.gql<{ updateTunnelSettings: Record<string, unknown> }>(UPDATE, { data: settings({ host_key_fingerprint: "" }) });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateTunnelSettings).toEqual({
      host: "127.0.0.1",
      port: sshd.port,
      username: sshd.username,
      auth_method: "key",
      has_private_key: true,
      has_password: false,
      host_key_fingerprint: "",
      remote_port: remotePort,
    });
    expect((await admin.gql(OPEN, { h: 1 })).errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "host_key_not_pinned" });
    const read = await admin.post("/backend/query", { query: `{ tunnelSettings { ${SETTINGS_FIELDS} } }` });
    expect(read.body).not.toContain("PRIVATE KEY");
    expect((await admin.gql("{ tunnelSettings { private_key } }")).errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "tunnelSettings")
      .execute();
    expect(changes.find((c) => c.field === "private_key")?.value_new).toBe("***");
    expect(JSON.stringify(changes)).not.toContain("PRIVATE KEY");
    // Empty keeps the stored key; another host needs it given again.
    expect(
      (await admin.gql<{ updateTunnelSettings: { has_private_key: boolean } }>(UPDATE, { data: settings({ private_key: "" }) })).data?.updateTunnelSettings
        .has_private_key,
    ).toBe(true);
    const moved = await admin.gql(UPDATE, { data: settings({ private_key: "", host: "support.example.com" }) });
    expect(moved.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { private_key: [{ message: "validation.password_reentry" }] } });
  });

  it("reads the host key for pinning; an unreachable host names its class", async () => {
    const scanned = await admin.gql<{ scanTunnelHostKey: { fingerprint: string | null; failure: string | null } }>(SCAN, {
      data: { host: sshd.host, port: sshd.port },
    });
    expect(scanned.data?.scanTunnelHostKey).toEqual({ fingerprint: sshd.hostKeyFingerprint, failure: null });
    const closedPort = await freePort();
    const unreachable = await admin.gql<{ scanTunnelHostKey: { fingerprint: string | null; failure: string | null } }>(SCAN, {
      data: { host: "127.0.0.1", port: closedPort },
    });
    expect(unreachable.data?.scanTunnelHostKey).toEqual({ fingerprint: null, failure: "unreachable" });
    const scans = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["user_id", "meta"])
      .where("entity_type", "=", "tunnelSettings")
      .where("action", "=", "scanned")
      .orderBy("id")
      .execute();
    expect(scans.map((row) => JSON.parse(String(row.meta)) as unknown)).toEqual([
      { host: sshd.host, port: sshd.port, result: sshd.hostKeyFingerprint },
      expect.objectContaining({ result: "unreachable" }),
    ]);
    expect(scans.every((row) => row.user_id !== null)).toBe(true);
  });

  it("opens: the support host's forwarded port reaches this server; closing ends it; both audited", async () => {
    expect((await admin.gql(UPDATE, { data: settings() })).errors).toBeUndefined();
    expect(await healthThrough(remotePort)).toBeNull();
    const before = server.clock.now;
    const opened = await admin.gql<{ openTunnel: Status }>(OPEN, { h: 2 });
    expect(opened.errors).toBeUndefined();
    expect(opened.data?.openTunnel).toMatchObject({ status: "open", failure: null, open_until: new Date(before + 2 * HOUR).toISOString() });
    expect(opened.data?.openTunnel.opened_by).toBeTruthy();
    expect(await healthThrough(remotePort)).toBe(200);
    // Who comes through the tunnel is not this machine: the loopback-only metrics stay closed.
    expect((await fetch(`http://127.0.0.1:${remotePort}/backend/metrics`)).status).toBe(403);
    expect((await fetch(`http://127.0.0.1:${serverPort(server)}/backend/metrics`)).status).toBe(200);
    // Opening again moves the limit.
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 4 })).data?.openTunnel.open_until).toBe(new Date(before + 4 * HOUR).toISOString());
    const closed = await admin.gql<{ closeTunnel: Status }>(CLOSE);
    expect(closed.data?.closeTunnel).toEqual({ status: "off", open_until: null, failure: null, opened_by: null, opened_at: null });
    expect(await healthThrough(remotePort)).toBeNull();
    const entries = await audits();
    expect(entries.map((e) => [e.action, e["reason"] ?? null])).toEqual([
      ["opened", "user"],
      ["extended", null],
      ["closed", "user"],
    ]);
    expect(entries.every((e) => e.user_id !== null)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain("PRIVATE KEY");
  });

  it("closes by itself when its time limit passes", async () => {
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel.status).toBe("open");
    server.clock.now += HOUR - 1_000;
    await server.tunnel?.tick();
    await relogin();
    expect((await status())?.status).toBe("open");
    server.clock.now += 1_000;
    await server.tunnel?.tick();
    await relogin();
    expect(await status()).toMatchObject({ status: "off" });
    expect(await healthThrough(remotePort)).toBeNull();
    expect((await audits()).at(-1)).toMatchObject({ action: "closed", reason: "expired", user_id: null });
  });

  it("after a restart it comes back only within its time limit", async () => {
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel.status).toBe("open");
    await server.tunnel?.stop();
    expect(await healthThrough(remotePort)).toBeNull();
    const restarted = () =>
      createTunnelManager({
        db: server.db.kysely,
        bus: server.pubsub,
        now: () => server.clock.now,
        log: server.app.log,
        target: () => ({ host: "127.0.0.1", port: serverPort(server) }),
      });
    const second = restarted();
    try {
      await second.tick();
      expect(second.holding()).toBe(true);
      expect(await healthThrough(remotePort)).toBe(200);
      expect((await audits()).slice(-2)).toMatchObject([
        { action: "closed", reason: "shutdown" },
        { action: "opened", reason: "resumed", user_id: null },
      ]);
      await second.stop();
    } finally {
      await second.stop();
    }
    // Down past its limit: it stays closed, recorded as expired.
    server.clock.now += 2 * HOUR;
    await relogin();
    const third = restarted();
    try {
      await third.tick();
      expect(third.holding()).toBe(false);
      expect(await status()).toMatchObject({ status: "off" });
      expect(await healthThrough(remotePort)).toBeNull();
      expect((await audits()).at(-1)).toMatchObject({ action: "closed", reason: "expired" });
    } finally {
      await third.stop();
    }
  });

  it("a lost connection closes the tunnel with an error state (no silent reconnect)", async () => {
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel.status).toBe("open");
    sshd.dropConnections();
    for (let i = 0; i < 100 && server.tunnel?.holding(); i++) await new Promise((r) => setTimeout(r, 50));
    await server.tunnel?.tick();
    expect(await status()).toMatchObject({ status: "error", failure: "connection_lost", open_until: null });
    expect(await healthThrough(remotePort)).toBeNull();
    expect((await audits()).at(-1)).toMatchObject({ action: "closed", reason: "error", failure: "connection_lost", user_id: null });
  });

  it("wrong credentials and a taken remote port give an error state with its class", async () => {
    expect((await admin.gql(UPDATE, { data: settings({ private_key: sshd.otherPrivateKey }) })).errors).toBeUndefined();
    const refused = await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 });
    expect(refused.data?.openTunnel).toMatchObject({ status: "error", failure: "auth_failed", open_until: null });
    expect((await audits()).at(-1)).toMatchObject({ action: "closed", reason: "error", failure: "auth_failed" });

    expect((await admin.gql(UPDATE, { data: settings() })).errors).toBeUndefined();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(remotePort, "127.0.0.1", resolve));
    try {
      expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel).toMatchObject({ status: "error", failure: "forward_refused" });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    // Closing an error state clears it without a new audit entry.
    const count = (await audits()).length;
    expect((await admin.gql<{ closeTunnel: Status }>(CLOSE)).data?.closeTunnel.status).toBe("off");
    expect(await audits()).toHaveLength(count);
  });

  it("signs in with a password (as its only secret): the forward works; a wrong one is auth_failed", async (context) => {
    const user = sshd.passwordUser;
    if (!user) return context.skip("password sign-in needs a temporary account: the tests run as root only");
    // Another account with the password method: the key of the old account is dropped, not asked for again.
    const saved = await admin.gql<{ updateTunnelSettings: Record<string, unknown> }>(UPDATE, {
      data: settings({ username: user.username, auth_method: "password", private_key: "", password: user.password }),
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateTunnelSettings).toMatchObject({ auth_method: "password", has_private_key: false, has_password: true });
    const opened = await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 });
    expect(opened.data?.openTunnel).toMatchObject({ status: "open", failure: null });
    expect(await healthThrough(remotePort)).toBe(200);
    expect((await admin.gql<{ closeTunnel: Status }>(CLOSE)).data?.closeTunnel.status).toBe("off");

    expect(
      (await admin.gql(UPDATE, { data: settings({ username: user.username, auth_method: "password", private_key: "", password: "wrong" }) })).errors,
    ).toBeUndefined();
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel).toMatchObject({ status: "error", failure: "auth_failed" });
    await admin.gql(CLOSE);
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_log_changes.field", "audit_log_changes.value_old", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "tunnelSettings")
      .execute();
    expect(changes).toContainEqual({ field: "private_key", value_old: "***", value_new: null });
    expect(JSON.stringify(changes)).not.toContain(user.password);
  });

  it("a passphrase-protected key opens with its passphrase (the password field); without it, or with a wrong one, it is refused on saving", async () => {
    const ext = (answer: { errors?: { extensions?: Record<string, unknown> }[] }) => answer.errors?.[0]?.extensions;
    expect(ext(await admin.gql(UPDATE, { data: settings({ private_key: sshd.encryptedPrivateKey, password: "" }) }))).toMatchObject({
      code: "VALIDATION",
      fields: { private_key: [{ message: "validation.ssh_key_encrypted" }] },
    });
    expect(ext(await admin.gql(UPDATE, { data: settings({ private_key: sshd.encryptedPrivateKey, password: "not it" }) }))).toMatchObject({
      code: "VALIDATION",
      fields: { password: [{ message: "validation.ssh_key_passphrase" }] },
    });
    // A block that looks like a key but is none ssh2 can read.
    const garbage = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    expect(ext(await admin.gql(UPDATE, { data: settings({ private_key: garbage }) }))).toMatchObject({
      code: "VALIDATION",
      fields: { private_key: [{ message: "validation.tunnel_private_key" }] },
    });
    const saved = await admin.gql<{ updateTunnelSettings: Record<string, unknown> }>(UPDATE, {
      data: settings({ private_key: sshd.encryptedPrivateKey, password: sshd.keyPassphrase }),
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateTunnelSettings).toMatchObject({ auth_method: "key", has_private_key: true, has_password: true });
    expect(JSON.stringify(saved)).not.toContain(sshd.keyPassphrase);
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel).toMatchObject({ status: "open", failure: null });
    expect(await healthThrough(remotePort)).toBe(200);
    expect((await admin.gql<{ closeTunnel: Status }>(CLOSE)).data?.closeTunnel.status).toBe("off");
    // Saving other fields keeps key and passphrase.
    expect((await admin.gql(UPDATE, { data: settings({ private_key: "", password: "", remote_port: remotePort }) })).errors).toBeUndefined();
    expect((await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 })).data?.openTunnel.status).toBe("open");
    await admin.gql(CLOSE);
  });

  it("refuses a support host whose key changed", async () => {
    const pinned = sshd.hostKeyFingerprint;
    expect((await admin.gql(UPDATE, { data: settings() })).errors).toBeUndefined();
    await sshd.rotateHostKey();
    expect(sshd.hostKeyFingerprint).not.toBe(pinned);
    const refused = await admin.gql<{ openTunnel: Status }>(OPEN, { h: 1 });
    expect(refused.data?.openTunnel).toMatchObject({ status: "error", failure: "host_key_changed" });
    expect(await healthThrough(remotePort)).toBeNull();
    expect((await audits()).at(-1)).toMatchObject({ action: "closed", reason: "error", failure: "host_key_changed" });
  });
});

function serverPort(server: TestServer): number {
  const address = server.app.server.address();
  return typeof address === "object" && address ? address.port : 0;
}
