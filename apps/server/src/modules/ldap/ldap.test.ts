import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_POST_HEADERS, SYSTEM_HEADER } from "@caresuite/domain";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import {
  groupLdif,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_PEOPLE,
  LDAP_SUFFIX,
  personLdif,
  startTestSlapd,
  type TestSlapd,
} from "../../test-support/slapd.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { THROTTLE_RULES } from "../auth/throttle.ts";

/**
 * LDAP sign-in against a real slapd (docs/decisions/040-ldap-sign-in.md): spec data §3.8 "LDAP",
 * spec §8 "Login: … LDAP variants (unknown user, wrong password, server unreachable, too many
 * users, no matching role)", spec §10 "LDAP users get roles by group mapping".
 */
let slapd: TestSlapd;
const NURSES = `cn=nurses,${LDAP_GROUPS}`;
const ADMINS = `cn=admins,${LDAP_GROUPS}`;

beforeAll(async () => {
  slapd = await startTestSlapd();
  for (const [uid, password] of [
    ["alice", "alice-pw"],
    ["bob", "bob-pw"],
    ["carol", "carol-pw"],
    ["twin", "twin-pw"],
    ["shared", "directory-pw"],
  ] as const) {
    slapd.add(personLdif(uid, password, `${uid[0]?.toUpperCase()}${uid.slice(1)} Example`));
  }
  // A second "twin" elsewhere below the base: the search finds two entries.
  slapd.add(
    `dn: ou=others,${LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: others\n\ndn: uid=twin,ou=others,${LDAP_SUFFIX}\nobjectClass: inetOrgPerson\nuid: twin\ncn: Twin\nsn: Twin\nuserPassword: twin-pw\n`,
  );
  slapd.add(groupLdif("nurses", ["alice", "bob", "twin", "shared"]));
  slapd.add(groupLdif("admins", ["bob"]));
  slapd.add(groupLdif("visitors", ["carol"]));
}, 60_000);
afterAll(() => slapd?.close());

const SETTINGS_FIELDS = "enabled dsn starttls base_dn admin_user has_admin_password user_filter roles_attribute mapping { group_dn role_id }";
const UPDATE = `mutation($data: LdapSettingsInput!) { updateLdapSettings(data: $data) { ${SETTINGS_FIELDS} } }`;
const TEST = "mutation($data: LdapSettingsInput!) { testLdapConnection(data: $data) { ok failure } }";

describe.each(TEST_DIALECTS)("LDAP sign-in on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let nurseRole: number;
  let adminRole: number;
  let ipCounter = 0;
  /** Every sign-in from its own address, so the throttle stays out of the way unless asked for. */
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const loginFrom = (username: string, password: string, ip = nextIp()) =>
    server.app.inject({
      method: "POST",
      url: "/backend/login",
      remoteAddress: ip,
      headers: { ...JSON_POST_HEADERS, [SYSTEM_HEADER]: "01", "accept-language": "en" },
      payload: JSON.stringify({ username, password }),
    });
  type LoginBody = {
    ok: boolean;
    user: { id: number; is_ldap: boolean; name: string; roles: { id: number }[]; permissions: string[] } | null;
    errors: { field: string | null; code: string; message: string }[];
  };
  const body = (response: { json(): unknown }) => response.json() as LoginBody;
  const settings = (change: Record<string, unknown> = {}) => ({
    enabled: true,
    dsn: slapd.ldapsUrl,
    starttls: false,
    base_dn: LDAP_SUFFIX,
    admin_user: LDAP_ADMIN_DN,
    admin_password: LDAP_ADMIN_PASSWORD,
    user_filter: "(&(objectClass=inetOrgPerson)(uid={username}))",
    roles_attribute: "memberOf",
    mapping: [
      { group_dn: NURSES, role_id: nurseRole },
      // Written differently from the server's memberOf: DNs compare as DNs.
      { group_dn: `CN=Admins, ou=groups,${LDAP_SUFFIX}`, role_id: adminRole },
    ],
    ...change,
  });

  beforeAll(async () => {
    server = await startTestServer(dialect, { LDAP_CA_FILE: slapd.caFile });
    const db = server.db.kysely;
    const root = await buildUser(db, { is_superuser: true });
    admin = new TestClient(server.app);
    expect((await admin.login(root.username, root.password)).json()).toMatchObject({ ok: true });
    const role = async (name: string, codes: string[]) => {
      const { id } = await db.insertInto("roles").values({ name, sort_order: 1 }).returning("id").executeTakeFirstOrThrow();
      await db
        .insertInto("role_permissions")
        .values(codes.map((code) => ({ role_id: id, code, level: "write" })))
        .execute();
      return id;
    };
    nurseRole = await role("Nurse", ["calllog::use_module"]);
    adminRole = await role("Administrator", ["admin::use_module", "admin::manage_system"]);
  }, 60_000);
  afterAll(() => server.close());

  it("unknown names get the local answer while LDAP is off", async () => {
    expect(body(await loginFrom("alice", "alice-pw")).errors).toEqual([{ field: null, code: "invalid_credentials", message: "Wrong username or password." }]);
  });

  it("saves the settings (validated, audited) and never returns the admin password", async () => {
    const invalid = await admin.gql(UPDATE, { data: settings({ dsn: "http://127.0.0.1", user_filter: "(uid=alice)" }) });
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: { dsn: [{ message: "validation.format" }], user_filter: [{ message: "validation.format" }] },
    });
    const unknownRole = await admin.gql(UPDATE, { data: settings({ mapping: [{ group_dn: NURSES, role_id: 99_999 }] }) });
    expect(unknownRole.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { "mapping.0.role_id": [{ message: "validation.invalid" }] } });

    const saved = await admin.gql<{ updateLdapSettings: Record<string, unknown> }>(UPDATE, { data: settings() });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateLdapSettings).toMatchObject({
      enabled: true,
      dsn: slapd.ldapsUrl,
      has_admin_password: true,
      mapping: [{ role_id: nurseRole }, { role_id: adminRole }],
    });
    const read = await admin.post("/backend/query", { query: `{ ldapSettings { ${SETTINGS_FIELDS} } }` });
    expect(read.body).not.toContain(LDAP_ADMIN_PASSWORD);
    expect(read.json().data.ldapSettings).toMatchObject({ has_admin_password: true, admin_user: LDAP_ADMIN_DN });
    // There is no field to ask for it.
    const asked = await admin.gql("{ ldapSettings { admin_password } }");
    expect(asked.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");

    // The audit log holds "***", never the password.
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "ldapSettings")
      .execute();
    expect(changes.find((c) => c.field === "admin_password")?.value_new).toBe("***");
    expect(JSON.stringify(changes)).not.toContain(LDAP_ADMIN_PASSWORD);

    // An empty password keeps the stored one; a changed address needs it typed again.
    const kept = await admin.gql<{ updateLdapSettings: { has_admin_password: boolean } }>(UPDATE, { data: settings({ admin_password: "" }) });
    expect(kept.data?.updateLdapSettings.has_admin_password).toBe(true);
    const moved = await admin.gql(UPDATE, { data: settings({ admin_password: "", dsn: "ldaps://203.0.113.9:636" }) });
    expect(moved.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { admin_password: [{ message: "validation.password_reentry" }] } });
  });

  it("needs admin::manage_system at write", async () => {
    const reader = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    await client.login(reader.username, reader.password);
    expect((await client.gql("{ ldapSettings { enabled } }")).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await client.gql(UPDATE, { data: settings() })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await new TestClient(server.app).gql("{ ldapSettings { enabled } }")).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
  });

  it("tests a connection and names the failure class", async () => {
    const test = async (change: Record<string, unknown>) =>
      (await admin.gql<{ testLdapConnection: { ok: boolean; failure: string | null } }>(TEST, { data: settings(change) })).data?.testLdapConnection;
    expect(await test({})).toEqual({ ok: true, failure: null });
    expect(await test({ dsn: slapd.ldapUrl, starttls: true })).toEqual({ ok: true, failure: null });
    // The stored password, for the address it was saved with.
    expect(await test({ admin_password: "" })).toEqual({ ok: true, failure: null });
    expect(await test({ admin_password: "wrong" })).toEqual({ ok: false, failure: "admin_bind" });
    expect(await test({ base_dn: "dc=elsewhere,dc=test" })).toEqual({ ok: false, failure: "base_dn" });
    expect(await test({ dsn: "ldap://127.0.0.1:1" })).toEqual({ ok: false, failure: "unreachable" });
    // TLS spoken to the plain port fails the handshake.
    expect(await test({ dsn: slapd.ldapUrl.replace("ldap://", "ldaps://") })).toMatchObject({ ok: false });
  });

  it("signs in over ldaps://: creates the directory user with the mapped roles, no local password, audited", async () => {
    const response = await loginFrom("alice", "alice-pw");
    const result = body(response);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.user).toMatchObject({ is_ldap: true, name: "Alice Example", roles: [{ id: nurseRole }], permissions: ["calllog::use_module"] });
    expect(response.cookies.find((c) => c.name === "cs_session")?.value).toBeTruthy();
    const row = await server.db.kysely.selectFrom("users").selectAll().where("username", "=", "alice").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_ldap: 1, password_hash: "" });
    const actions = await server.db.kysely
      .selectFrom("audit_logs")
      .select("action")
      .where("entity_type", "=", "user")
      .where("entity_id", "=", row.id)
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["created", "loggedin"]);
  });

  it("signs in over ldap:// with StartTLS; a user in two mapped groups gets both roles", async () => {
    expect((await admin.gql(UPDATE, { data: settings({ dsn: slapd.ldapUrl, starttls: true }) })).errors).toBeUndefined();
    const result = body(await loginFrom("bob", "bob-pw"));
    expect(result.ok).toBe(true);
    expect(result.user?.roles.map((r) => r.id).sort()).toEqual([nurseRole, adminRole].sort());
  });

  it("answers each of the five LDAP errors of the catalogue", async () => {
    const error = async (username: string, password: string) => body(await loginFrom(username, password)).errors;
    expect(await error("nobody", "x")).toEqual([{ field: "username", code: "ldap_unknown_user", message: "The user is unknown in the directory (LDAP)." }]);
    expect(await error("alice", "wrong")).toEqual([{ field: "password", code: "ldap_wrong_password", message: "Wrong password for the directory (LDAP)." }]);
    expect(await error("twin", "twin-pw")).toEqual([
      { field: "username", code: "ldap_too_many_users", message: "Several users with this name were found in the directory (LDAP)." },
    ]);
    expect(await error("carol", "carol-pw")).toEqual([
      { field: null, code: "ldap_no_matching_role", message: "None of your directory groups (LDAP) is mapped to a role." },
    ]);
    // A name that tries to widen the filter finds nobody (RFC 4515 escaping).
    expect(await error("*", "alice-pw")).toEqual([expect.objectContaining({ code: "ldap_unknown_user" })]);
    expect(await error("ali*", "alice-pw")).toEqual([expect.objectContaining({ code: "ldap_unknown_user" })]);
    await slapd.stop();
    try {
      expect(await error("alice", "alice-pw")).toEqual([
        { field: null, code: "ldap_server_unreachable", message: "The directory server (LDAP) cannot be reached." },
      ]);
    } finally {
      await slapd.start();
    }
    expect(body(await loginFrom("alice", "alice-pw")).ok).toBe(true);
  });

  it("takes the roles from the groups at each sign-in: a group left removes its role", async () => {
    const alice = await server.db.kysely.selectFrom("users").select("id").where("username", "=", "alice").executeTakeFirstOrThrow();
    slapd.modify(
      `dn: ${NURSES}\nchangetype: modify\ndelete: member\nmember: uid=alice,${LDAP_PEOPLE}\n\ndn: ${ADMINS}\nchangetype: modify\nadd: member\nmember: uid=alice,${LDAP_PEOPLE}\n`,
    );
    try {
      const result = body(await loginFrom("alice", "alice-pw"));
      expect(result.user?.roles.map((r) => r.id)).toEqual([adminRole]);
      const stored = await server.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", alice.id).execute();
      expect(stored.map((r) => r.role_id)).toEqual([adminRole]);
      const update = await server.db.kysely
        .selectFrom("audit_logs")
        .select("id")
        .where("entity_type", "=", "user")
        .where("entity_id", "=", alice.id)
        .where("action", "=", "updated")
        .execute();
      expect(update).toHaveLength(1);
    } finally {
      slapd.modify(
        `dn: ${ADMINS}\nchangetype: modify\ndelete: member\nmember: uid=alice,${LDAP_PEOPLE}\n\ndn: ${NURSES}\nchangetype: modify\nadd: member\nmember: uid=alice,${LDAP_PEOPLE}\n`,
      );
    }
    expect(body(await loginFrom("alice", "alice-pw")).user?.roles.map((r) => r.id)).toEqual([nurseRole]);
  });

  it("never gives a directory user a local password", async () => {
    const alice = await server.db.kysely.selectFrom("users").select("id").where("username", "=", "alice").executeTakeFirstOrThrow();
    const byAdmin = await admin.gql("mutation($id: Int!, $data: UserInput!) { updateUser(id: $id, data: $data) { id } }", {
      id: alice.id,
      data: { password: "a local one 123", password_repeat: "a local one 123" },
    });
    expect(byAdmin.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password: [{ message: "validation.ldap_no_local_password" }] } });
    const own = new TestClient(server.app);
    expect((await own.login("alice", "alice-pw")).json()).toMatchObject({ ok: true });
    const bySelf = await own.gql(
      'mutation { userSetPassword(password: "a local one 123", password_repeat: "a local one 123", current_password: "alice-pw") { id } }',
    );
    expect(bySelf.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password: [{ message: "validation.ldap_no_local_password" }] } });
    const row = await server.db.kysely.selectFrom("users").select("password_hash").where("id", "=", alice.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBe("");
  });

  it("tries local users first: a local account keeps its own password", async () => {
    await buildUser(server.db.kysely, { username: "shared", password: "local-pw", permissions: ["calllog::use_module"] });
    expect(body(await loginFrom("shared", "local-pw")).user).toMatchObject({ is_ldap: false });
    expect(body(await loginFrom("shared", "directory-pw")).errors[0]?.code).toBe("invalid_credentials");
  });

  it("counts failed directory sign-ins in the login throttle", async () => {
    const ip = "10.77.0.1";
    const codes: string[] = [];
    for (let i = 0; i <= THROTTLE_RULES.accountIp.maxFailures; i++) codes.push(body(await loginFrom("bob", "wrong", ip)).errors[0]?.code ?? "ok");
    expect(codes.slice(0, THROTTLE_RULES.accountIp.maxFailures)).toEqual(Array(THROTTLE_RULES.accountIp.maxFailures).fill("ldap_wrong_password"));
    expect(codes.at(-1)).toBe("throttled");
    // Even the right password waits now.
    expect(body(await loginFrom("bob", "bob-pw", ip)).errors[0]?.code).toBe("throttled");
  });
});
