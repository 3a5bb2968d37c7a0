import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

/**
 * ARCHITECTURE «Security rules» "Granting is bounded by holding": users created through a limited
 * manager (only admin::manage_users, system 1, one role) and the effective rights of each.
 */
const CREATE_USER = "mutation($data: UserInput!) { createUser(data: $data) { id username system_access roles { name } } }";
const UPDATE_USER = "mutation($id: Int!, $data: UserInput!) { updateUser(id: $id, data: $data) { id system_access roles { name } password_is_temporary } }";
const DELETE_USER = "mutation($ids: [Int!]!) { deleteUser(ids: $ids) { id } }";
const USERS = "{ users(filter: { limit: 100 }) { items { username can_edit } } }";
const ME = "{ authUser { id is_superuser permissions write_permissions system_access } }";
const CREATE_ROLE = "mutation($data: RoleInput!) { createRole(data: $data) { id permissions { code level } } }";
const UPDATE_ROLE = "mutation($id: Int!, $data: RoleInput!) { updateRole(id: $id, data: $data) { id name permissions { code level } } }";
const DELETE_ROLE = "mutation($ids: [Int!]!) { deleteRole(ids: $ids) { id } }";
const AUDIT = "{ auditLogs(input: { limit: 5 }) { id } }";

type Result = { data: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (r: Result): unknown => r.errors?.[0]?.extensions?.["code"];
const fieldMessage = (r: Result, field: string): unknown =>
  (r.errors?.[0]?.extensions?.["fields"] as Record<string, { message: string }[]> | undefined)?.[field]?.[0]?.message;
const PASSWORD = "Lanterne Kiesel 42";

/** Every row of the tables a refused grant could have touched, in a stable order. */
async function snapshot(db: Kysely<Database>): Promise<string> {
  const [users, userRoles, roles, permissions, groups, audit] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "username", "password_hash", "is_superuser", "system_access", "password_is_temporary", "updated_at"])
      .orderBy("id")
      .execute(),
    db.selectFrom("user_roles").selectAll().orderBy("user_id").orderBy("role_id").execute(),
    db.selectFrom("roles").selectAll().orderBy("id").execute(),
    db.selectFrom("role_permissions").selectAll().orderBy("role_id").orderBy("code").execute(),
    db.selectFrom("role_callsource_group_permissions").selectAll().orderBy("role_id").orderBy("callsource_group_id").execute(),
    db.selectFrom("audit_logs").select("id").orderBy("id").execute(),
  ]);
  return JSON.stringify({ users, userRoles, roles, permissions, groups, audit });
}

/** A role with permission levels, inserted directly (the superuser's work). */
async function buildRole(db: Kysely<Database>, name: string, sortOrder: number, permissions: [string, string][]): Promise<number> {
  const role = await db.insertInto("roles").values({ name, sort_order: sortOrder }).returning("id").executeTakeFirstOrThrow();
  if (permissions.length)
    await db
      .insertInto("role_permissions")
      .values(permissions.map(([code, level]) => ({ role_id: role.id, code, level })))
      .execute();
  return role.id;
}

async function giveRoles(db: Kysely<Database>, userId: number, roleIds: number[]): Promise<void> {
  await db
    .insertInto("user_roles")
    .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
    .execute();
}

describe.each(TEST_DIALECTS)("granting is bounded by holding on %s", (dialect) => {
  let server: TestServer;
  let manager: TestClient;
  const roles = { manager: 0, helper: 0, nurse: 0, auditor: 0, empty: 0 };
  let bossId = 0;

  /** Runs a refused operation and checks the database did not change. */
  async function refused(client: TestClient, query: string, variables: Record<string, unknown>): Promise<Result> {
    const before = await snapshot(server.db.kysely);
    const result = (await client.gql(query, variables)) as Result;
    expect(result.errors, JSON.stringify(result.data)).toBeDefined();
    expect(await snapshot(server.db.kysely)).toBe(before);
    return result;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const db = server.db.kysely;
    await buildSystem(db, 1);
    await buildSystem(db, 2);
    roles.manager = await buildRole(db, "Benutzerverwaltung", 1, [["admin::manage_users", "write"]]);
    // Lower ranked roles: one within the manager's rights, three beyond them.
    roles.helper = await buildRole(db, "Helfer", 2, [["admin::manage_users", "read"]]);
    roles.nurse = await buildRole(db, "Pflege", 3, [["calllog::use_module", "write"]]);
    roles.auditor = await buildRole(db, "Revision", 4, [["admin::see_auditlog", "read"]]);
    roles.empty = await buildRole(db, "Gast", 5, []);
    const limited = await buildUser(db, { username: "verwalter", password: PASSWORD, system_access: [1] });
    await giveRoles(db, limited.id, [roles.manager]);
    // A user with more rights than the manager, but only lower ranked roles.
    const boss = await buildUser(db, { username: "chefin", password: PASSWORD, system_access: [] });
    await giveRoles(db, boss.id, [roles.nurse, roles.auditor]);
    bossId = boss.id;
    manager = new TestClient(server.app);
    expect((await manager.login("verwalter", PASSWORD)).json()).toMatchObject({ ok: true });
  });
  afterAll(() => server.close());

  const newUser = (username: string, extra: Record<string, unknown>) => ({ data: { username, password: PASSWORD, password_repeat: PASSWORD, ...extra } });

  it("refuses a user with a lower ranked role holding permissions the creator lacks", async () => {
    const result = await refused(manager, CREATE_USER, newUser("revisor", { roles: [roles.auditor], system_access: [1] }));
    expect(codeOf(result)).toBe("VALIDATION");
    expect(fieldMessage(result, "roles")).toBe("validation.exceeds_own_permissions");
    expect(codeOf(await refused(manager, CREATE_USER, newUser("pflege", { roles: [roles.nurse], system_access: [1] })))).toBe("VALIDATION");
  });

  it.each([
    ["system_access [] (all systems)", []],
    ["a system beyond the manager's", [1, 2]],
  ])("refuses %s from a manager limited to system 1", async (_name, systems) => {
    const result = await refused(manager, CREATE_USER, newUser("alle", { roles: [roles.empty], system_access: systems }));
    expect(codeOf(result)).toBe("VALIDATION");
    expect(fieldMessage(result, "system_access")).toBe("validation.exceeds_own_systems");
  });

  it("leaving system_access out does not mean all systems", async () => {
    const { data } = newUser("ohnesystem", { roles: [roles.empty] });
    expect(codeOf(await refused(manager, CREATE_USER, { data }))).toBe("VALIDATION");
  });

  it("only superusers give is_superuser", async () => {
    expect(codeOf(await refused(manager, CREATE_USER, newUser("root2", { is_superuser: true, system_access: [1] })))).toBe("MISSING_PERMISSION");
  });

  it("refuses resetting the password of, editing or deleting a user with more rights", async () => {
    const reset = { password: "Neues Passwort 77", password_repeat: "Neues Passwort 77" };
    expect(codeOf(await refused(manager, UPDATE_USER, { id: bossId, data: { username: "chefin", ...reset } }))).toBe("MISSING_PERMISSION");
    expect(codeOf(await refused(manager, UPDATE_USER, { id: bossId, data: { username: "chefin", name: "Chefin" } }))).toBe("MISSING_PERMISSION");
    expect(codeOf(await refused(manager, DELETE_USER, { ids: [bossId] }))).toBe("MISSING_PERMISSION");
    expect((await new TestClient(server.app).login("chefin", "Neues Passwort 77")).json()).toMatchObject({ ok: false });
    expect((await new TestClient(server.app).login("chefin", PASSWORD)).json()).toMatchObject({ ok: true });
  });

  it("allows a user within the manager's rights, who gets exactly those", async () => {
    const created = (await manager.gql(CREATE_USER, newUser("helfer", { roles: [roles.helper], system_access: [1] }))) as Result;
    expect(created.errors).toBeUndefined();
    const helper = new TestClient(server.app);
    expect((await helper.login("helfer", PASSWORD)).json()).toMatchObject({ ok: true });
    const me = (await helper.gql(ME)) as Result;
    // Level read: sees the users, changes none.
    expect(me.data?.["authUser"]).toMatchObject({ is_superuser: false, permissions: ["admin::manage_users"], write_permissions: [], system_access: [1] });
    expect(codeOf((await helper.gql(USERS)) as Result)).toBeUndefined();
    expect(codeOf((await helper.gql(CREATE_USER, newUser("x", { system_access: [1] }))) as Result)).toBe("MISSING_PERMISSION");
    expect(codeOf((await helper.gql(AUDIT)) as Result)).toBe("MISSING_PERMISSION");
    helper.system = "02";
    expect((await helper.post("/backend/query", { query: ME })).statusCode).toBe(424);
  });

  it("lists as editable exactly the users the manager could create", async () => {
    const users = (await manager.gql(USERS)) as Result;
    const items = (users.data?.["users"] as { items: { username: string; can_edit: boolean }[] }).items;
    expect(Object.fromEntries(items.map((u) => [u.username, u.can_edit]))).toEqual({ chefin: false, helfer: true, verwalter: false });
  });

  it("a partial updateUser keeps the fields it leaves out; a reset within bounds works", async () => {
    const id = (await server.db.kysely.selectFrom("users").select("id").where("username", "=", "helfer").executeTakeFirstOrThrow()).id;
    await server.db.kysely.updateTable("users").set({ password_is_temporary: 1 }).where("id", "=", id).execute();
    const result = (await manager.gql(UPDATE_USER, {
      id,
      data: { username: "helfer", password: "Neues Passwort 77", password_repeat: "Neues Passwort 77" },
    })) as Result;
    expect(result.errors).toBeUndefined();
    expect(result.data?.["updateUser"]).toEqual({ id, system_access: [1], roles: [{ name: "Helfer" }], password_is_temporary: true });
    // Widening the edited user beyond the manager is refused like creating one.
    expect(codeOf(await refused(manager, UPDATE_USER, { id, data: { system_access: [] } }))).toBe("VALIDATION");
    expect(codeOf(await refused(manager, UPDATE_USER, { id, data: { roles: [roles.helper, roles.auditor] } }))).toBe("VALIDATION");
  });

  describe("roles: creating and editing are bounded the same way", () => {
    let roleManager: TestClient;
    beforeAll(async () => {
      const db = server.db.kysely;
      const lead = await buildRole(db, "Rollenverwaltung", 0, [
        ["admin::manage_roles", "write"],
        ["admin::manage_system", "read"],
      ]);
      const user = await buildUser(db, { username: "rollen", password: PASSWORD, system_access: [1] });
      await giveRoles(db, user.id, [lead]);
      roleManager = new TestClient(server.app);
      await roleManager.login("rollen", PASSWORD);
    });

    it.each([
      ["a permission the actor lacks", [{ code: "admin::see_auditlog", level: "read" }]],
      ["write where the actor holds read", [{ code: "admin::manage_system", level: "write" }]],
    ])("refuses a role with %s", async (_name, permissions) => {
      const result = await refused(roleManager, CREATE_ROLE, { data: { name: "Mehr", permissions } });
      expect(codeOf(result)).toBe("VALIDATION");
      expect(fieldMessage(result, "permissions")).toBe("validation.exceeds_own_permissions");
    });

    it("refuses editing or deleting a role that holds more than the actor", async () => {
      expect(codeOf(await refused(roleManager, UPDATE_ROLE, { id: roles.auditor, data: { name: "Revision 2" } }))).toBe("MISSING_PERMISSION");
      expect(codeOf(await refused(roleManager, DELETE_ROLE, { ids: [roles.auditor] }))).toBe("MISSING_PERMISSION");
    });

    it("allows roles within the actor's rights; a partial update keeps the permissions", async () => {
      const created = (await roleManager.gql(CREATE_ROLE, {
        data: { name: "Leser", permissions: [{ code: "admin::manage_system", level: "read" }] },
      })) as Result;
      expect(created.errors).toBeUndefined();
      const id = (created.data?.["createRole"] as { id: number }).id;
      const renamed = (await roleManager.gql(UPDATE_ROLE, { id, data: { name: "Leserin" } })) as Result;
      expect(renamed.data?.["updateRole"]).toEqual({ id, name: "Leserin", permissions: [{ code: "admin::manage_system", level: "read" }] });
    });
  });
});
