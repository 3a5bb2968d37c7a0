import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { readAllLogsSync, readLogFile, rotatingLog } from "./log-files.ts";

/**
 * The server's log files and /admin/logs (docs/decisions/044-cleanup-logs-maintenance.md):
 * rotation, reading with level and text filters, the download, no traversal, and secrets never
 * written (pino redaction; nothing logs bodies).
 */
const ADMIN_PASSWORD = "root-Secret-pw-4711";
const LDAP_SECRET = "ldap-Admin-Secret-0815";
const CONTROLLER_SECRET = "ctrl-Secret-pw-2342";
const USER_SECRET = "new-User-Secret-pw-99";
const WRONG_SECRET = "typo-Secret-pw-1234";
const SMTP_SECRET = "smtp-Secret-pw-5566";

describe("log files", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "caresuite-logs-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rotate at the size limit and keep the given number of older files", async () => {
    const log = rotatingLog(dir, { maxBytes: 200, keep: 2 });
    for (let i = 0; i < 20; i++) log.write(`${JSON.stringify({ level: i % 2 ? 50 : 30, time: i, msg: `line ${i}` })}\n`);
    expect(readdirSync(log.dir).sort()).toEqual(["server.1.log", "server.2.log", "server.log"]);
    const current = await readLogFile(join(log.dir, "server.log"), { level: null, text: "", after: 0, limit: 100 });
    expect(current?.lines.at(-1)?.msg).toBe("line 19");
    const errors = await readLogFile(join(log.dir, "server.log"), { level: "error", text: "", after: 0, limit: 100 });
    expect(errors?.lines.every((l) => l.level === "error")).toBe(true);
    const text = await readLogFile(join(log.dir, "server.log"), { level: null, text: "LINE 19", after: 0, limit: 100 });
    expect(text?.lines.map((l) => l.msg)).toEqual(["line 19"]);
    const followed = await readLogFile(join(log.dir, "server.log"), { level: null, text: "", after: current?.last ?? 0, limit: 100 });
    expect(followed?.lines).toEqual([]);
  });
});

describe("the server's log on /admin/logs", () => {
  let server: TestServer;
  let admin: TestClient;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-logs-"));
    // The most talkative level: whatever is logged at all is in the files.
    server = await startTestServer("sqlite", { DATA_DIR: dataDir, LOG_LEVEL: "trace", LOG_STDOUT: "false" });
    const root = await buildUser(server.db.kysely, { is_superuser: true, password: ADMIN_PASSWORD });
    admin = new TestClient(server.app);
    const wrong = new TestClient(server.app);
    await wrong.login(root.username, WRONG_SECRET);
    expect((await admin.login(root.username, ADMIN_PASSWORD)).json()).toMatchObject({ ok: true });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("secrets typed into sign-in and settings never reach a log file", async () => {
    const ldap = await admin.gql("mutation($data: LdapSettingsInput!) { updateLdapSettings(data: $data) { has_admin_password } }", {
      data: {
        enabled: false,
        dsn: "ldaps://127.0.0.1:1",
        starttls: false,
        base_dn: "dc=example,dc=org",
        admin_user: "cn=admin,dc=example,dc=org",
        admin_password: LDAP_SECRET,
        user_filter: "(uid={username})",
        roles_attribute: "memberOf",
        mapping: [],
      },
    });
    expect(ldap.errors).toBeUndefined();
    // A failing one too: errors are logged with more detail.
    await admin.gql("mutation($data: LdapSettingsInput!) { testLdapConnection(data: $data) { ok } }", {
      data: { dsn: "ldaps://127.0.0.1:1", base_dn: "dc=x", admin_user: "cn=a", admin_password: LDAP_SECRET, mapping: [] },
    });
    const system = await admin.gql("mutation($data: SystemParamInput!) { createSystemParam(data: $data) { id } }", {
      data: { name: "Haus B", ip: "127.0.0.1", tcp_port: 1, username: "admin", password: CONTROLLER_SECRET },
    });
    const user = await admin.gql("mutation ($data: UserInput!) { createUser(data: $data) { id } }", {
      data: {
        username: "nina",
        password: USER_SECRET,
        password_repeat: USER_SECRET,
        password_is_temporary: false,
        is_superuser: false,
        roles: [],
        locale: "de",
      },
    });
    // No controller listens there: the connection check fails (an error path, which logs more).
    const smtp = await admin.gql("mutation($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { has_password } }", {
      data: { host: "mail.example.org", port: 587, security: "starttls", user: "reports", password: SMTP_SECRET, from: "care@example.org" },
    });
    expect(smtp.errors).toBeUndefined();
    expect(system.errors?.[0]?.extensions?.["code"]).toBeDefined();
    expect(user.errors).toBeUndefined();
    // The net below mistakes: a secret field handed to the logger is blanked.
    server.app.log.error(
      { password: LDAP_SECRET, data: { admin_password: LDAP_SECRET }, headers: { authorization: `Bearer ${LDAP_SECRET}` } },
      "a careless log line",
    );
    // Something was logged (requests at trace level), and none of it is a secret.
    const text = readAllLogsSync(dataDir);
    expect(text).toContain("incoming request");
    expect(text).toContain("a careless log line");
    expect(text).toContain("[redacted]");
    for (const secret of [ADMIN_PASSWORD, LDAP_SECRET, SMTP_SECRET, CONTROLLER_SECRET, USER_SECRET, WRONG_SECRET]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/cs_session=[A-Za-z0-9_-]{20,}/);
  });

  it("lists, reads with filters and downloads; a name that is not a log file's is not found", async () => {
    server.app.log.warn("a warning for the filter");
    const files = await admin.gql<{ logFiles: { name: string; size: number }[] }>("{ logFiles { name size modified_at } }");
    expect(files.data?.logFiles.map((f) => f.name)).toEqual(["server.log"]);
    const read = await admin.gql<{ logFileLines: { lines: { level: string; msg: string }[]; last: number } }>(
      'query { logFileLines(name: "server.log", level: "warn", text: "FILTER") { lines { n time level msg raw } last truncated } }',
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.logFileLines.lines).toEqual([expect.objectContaining({ level: "warn", msg: "a warning for the filter" })]);
    const requests = await admin.gql<{ logFileLines: { lines: { context: string | null }[] } }>(
      'query { logFileLines(name: "server.log", text: "request completed", limit: 1) { lines { context } } }',
    );
    expect(requests.data?.logFileLines.lines[0]?.context).toMatch(/^\d{3}, \d+ ms$/);
    const incoming = await admin.gql<{ logFileLines: { lines: { context: string | null }[] } }>(
      'query { logFileLines(name: "server.log", text: "incoming request", limit: 1) { lines { context } } }',
    );
    expect(incoming.data?.logFileLines.lines[0]?.context).toMatch(/^POST \/backend\/query$/);
    for (const name of ["../caresuite.sqlite", "..%2F..%2Fetc%2Fpasswd", "/etc/passwd", "server.log/.."]) {
      const answer = await admin.gql("query($name: String!) { logFileLines(name: $name) { last } }", { name });
      expect(answer.errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    }
    expect((await admin.gql('{ logFileLines(name: "server.log", level: "loud") { last } }')).errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");

    const download = await admin.get("/backend/logs/server.log/download");
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe('attachment; filename="server.log"');
    expect(download.body).toContain("a warning for the filter");
    for (const path of ["/backend/logs/..%2Fcaresuite.sqlite/download", "/backend/logs/%2E%2E/download", "/backend/logs/server.9.log/download"]) {
      expect((await admin.get(path)).statusCode).toBe(404);
    }
    const anonymous = new TestClient(server.app);
    expect((await anonymous.get("/backend/logs/server.log/download")).statusCode).toBe(401);
    const nurse = new TestClient(server.app);
    const n = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    await nurse.login(n.username, n.password);
    expect((await nurse.get("/backend/logs/server.log/download")).statusCode).toBe(403);
    expect((await nurse.gql("{ logFiles { name } }")).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect(readFileSync(join(dataDir, "logs", "server.log"), "utf8").length).toBeGreaterThan(0);
  });
});
