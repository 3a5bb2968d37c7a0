import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const CREATE_ROLE = "mutation($data: RoleInput!) { createRole(data: $data) { id name sort_order permissions { code level } can_edit } }";
const UPDATE_ROLE = "mutation($id: Int!, $data: RoleInput!) { updateRole(id: $id, data: $data) { id } }";
const ROLES = "{ roles { id name sort_order can_edit user_count } }";
const SORT_ROLES = "mutation($ids: [Int!]!) { sortRoles(ids: $ids) }";
const CREATE_USER = "mutation($data: UserInput!) { createUser(data: $data) { id username email roles { name } can_edit } }";
const UPDATE_USER = "mutation($id: Int!, $data: UserInput!) { updateUser(id: $id, data: $data) { id is_superuser } }";
const DELETE_USER = "mutation($ids: [Int!]!) { deleteUser(ids: $ids) { id name } }";
const USERS = "query($filter: UserFilter) { users(filter: $filter) { total items { username can_edit } } }";

type Result = { data: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
const code = (r: Result) => r.errors?.[0]?.extensions?.["code"];
const fields = (r: Result) => r.errors?.[0]?.extensions?.["fields"] as Record<string, { message: string }[]> | undefined;

describe.each(TEST_DIALECTS)("users and roles on %s", (dialect) => {
  let server: TestServer;
  let root: TestClient;
  let nurseRoleId = 0;
  let leadRoleId = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const superuser = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    root = new TestClient(server.app);
    await root.login(superuser.username, superuser.password);
  });
  afterAll(() => server.close());

  it("creates roles at the bottom of the order and validates permission codes", async () => {
    const lead = (await root.gql(CREATE_ROLE, {
      data: {
        name: "Stationsleitung",
        permissions: [
          { code: "admin::use_module", level: "write" },
          { code: "admin::manage_users", level: "write" },
          { code: "admin::manage_roles", level: "write" },
          { code: "calllog::use_module", level: "write" },
        ],
      },
    })) as Result;
    leadRoleId = (lead.data?.["createRole"] as { id: number }).id;
    const nurse = (await root.gql(CREATE_ROLE, { data: { name: "Pflege", permissions: [{ code: "calllog::use_module", level: "write" }] } })) as Result;
    nurseRoleId = (nurse.data?.["createRole"] as { id: number; sort_order: number }).id;
    const roles = (await root.gql(ROLES)) as Result;
    expect((roles.data?.["roles"] as { name: string }[]).map((r) => r.name)).toEqual(["Stationsleitung", "Pflege"]);
    const bad = (await root.gql(CREATE_ROLE, { data: { name: "X", permissions: [{ code: "root::everything", level: "write" }] } })) as Result;
    expect(code(bad)).toBe("VALIDATION");
    const empty = (await root.gql(CREATE_ROLE, { data: { name: " " } })) as Result;
    expect(fields(empty)?.["name"]?.[0]?.message).toBe("validation.required");
  });

  it("grants call-source-group access per role, one level per group of the current system, audited (spec §6)", async () => {
    const group = (await root.gql(`mutation { createCallSourceGroup(data: { name: "Technik", flag: "Tech" }) { id } }`)) as Result;
    const groupId = (group.data?.["createCallSourceGroup"] as { id: number }).id;
    const grant = (level: string, id = groupId) => ({
      name: "Technikdienst",
      call_source_group_permissions: [{ callsource_group_id: id, permission_level: level }],
    });
    const created = (await root.gql(
      "mutation($data: RoleInput!) { createRole(data: $data) { id call_source_group_permissions { callsource_group_id permission_level } } }",
      {
        data: grant("Read"),
      },
    )) as Result;
    const role = created.data?.["createRole"] as { id: number; call_source_group_permissions: unknown[] };
    expect(role.call_source_group_permissions).toEqual([{ callsource_group_id: groupId, permission_level: "Read" }]);

    // The same group twice, an unknown group, an unknown level: field errors, nothing stored.
    const twice = (await root.gql(UPDATE_ROLE, {
      id: role.id,
      data: {
        name: "Technikdienst",
        call_source_group_permissions: [grant("Read").call_source_group_permissions[0], grant("Full").call_source_group_permissions[0]],
      },
    })) as Result;
    expect(fields(twice)?.["call_source_group_permissions"]?.[0]?.message).toBe("validation.duplicate");
    const unknown = (await root.gql(UPDATE_ROLE, { id: role.id, data: grant("Read", 9999) })) as Result;
    expect(fields(unknown)?.["call_source_group_permissions"]?.[0]?.message).toBe("validation.invalid");
    expect(code((await root.gql(UPDATE_ROLE, { id: role.id, data: grant("Everything") })) as Result)).toBe("VALIDATION");

    expect(((await root.gql(UPDATE_ROLE, { id: role.id, data: grant("Full") })) as Result).errors).toBeUndefined();
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .innerJoin("audit_log_changes", "audit_log_changes.audit_log_id", "audit_logs.id")
      .select(["audit_log_changes.value_old", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "role")
      .where("audit_logs.entity_id", "=", role.id)
      .where("audit_log_changes.field", "=", "call_source_group_permissions")
      .execute();
    expect(audit.at(-1)?.value_new).toContain(`${groupId}:Full`);
    await root.gql("mutation($ids: [Int!]!) { deleteRole(ids: $ids) { id } }", { ids: [role.id] });
  });

  it("creates a user with several e-mails and roles; the user signs in with those permissions", async () => {
    const created = (await root.gql(CREATE_USER, {
      data: {
        username: "pflege1",
        password: "nurse password 1",
        password_repeat: "nurse password 1",
        email: "a@example.org, b@example.org",
        roles: [nurseRoleId],
        locale: "en",
      },
    })) as Result;
    expect(created.errors).toBeUndefined();
    expect(created.data?.["createUser"]).toMatchObject({ username: "pflege1", email: "a@example.org, b@example.org", roles: [{ name: "Pflege" }] });
    const nurse = new TestClient(server.app);
    const login = await nurse.login("pflege1", "nurse password 1");
    expect(login.json().user).toMatchObject({ permissions: ["calllog::use_module"], emails: ["a@example.org", "b@example.org"], locale: "en" });
  });

  it.each([
    ["mismatching repeat", { username: "u2", password: "password 12", password_repeat: "password 13" }, "password_repeat", "validation.no_match"],
    ["short password", { username: "u2", password: "short", password_repeat: "short" }, "password", "validation.min_length"],
    [
      "bad e-mail in the list",
      { username: "u2", password: "password 12", password_repeat: "password 12", email: "a@example.org, nope" },
      "email",
      "validation.email",
    ],
    ["taken username", { username: "PFLEGE1", password: "password 12", password_repeat: "password 12" }, "username", "validation.unique"],
    ["unknown role", { username: "u2", password: "password 12", password_repeat: "password 12", roles: [9999] }, "roles", "validation.invalid"],
  ])("refuses a user with %s", async (_name, data, field, message) => {
    const result = (await root.gql(CREATE_USER, { data })) as Result;
    expect(code(result)).toBe("VALIDATION");
    expect(fields(result)?.[field]?.[0]?.message).toBe(message);
  });

  describe("a role manages users and roles below it (spec §6)", () => {
    let lead: TestClient;
    beforeAll(async () => {
      await root.gql(CREATE_USER, { data: { username: "leitung", password: "lead password 1", password_repeat: "lead password 1", roles: [leadRoleId] } });
      lead = new TestClient(server.app);
      await lead.login("leitung", "lead password 1");
    });

    it("lets the lead manage nurses but not itself, its own role, superusers or roles above", async () => {
      const users = (await lead.gql(USERS)) as Result;
      const items = (users.data?.["users"] as { items: { username: string; can_edit: boolean }[] }).items;
      expect(Object.fromEntries(items.map((u) => [u.username, u.can_edit]))).toEqual({ leitung: false, pflege1: true, root: false });
      const ownRole = (await lead.gql(UPDATE_ROLE, { id: leadRoleId, data: { name: "Chef", permissions: [] } })) as Result;
      expect(code(ownRole)).toBe("MISSING_PERMISSION");
      const makeSuper = (await lead.gql(CREATE_USER, {
        data: { username: "evil", password: "password 12", password_repeat: "password 12", is_superuser: true },
      })) as Result;
      expect(code(makeSuper)).toBe("MISSING_PERMISSION");
      const assignOwnRole = (await lead.gql(CREATE_USER, {
        data: { username: "evil", password: "password 12", password_repeat: "password 12", roles: [leadRoleId] },
      })) as Result;
      expect(code(assignOwnRole)).toBe("MISSING_PERMISSION");
    });

    it("does not let anyone grant a permission they do not hold", async () => {
      const escalate = (await lead.gql(UPDATE_ROLE, {
        id: nurseRoleId,
        data: { name: "Pflege", permissions: [{ code: "admin::manage_system", level: "write" }] },
      })) as Result;
      expect(code(escalate)).toBe("VALIDATION");
      const allowed = (await lead.gql(UPDATE_ROLE, {
        id: nurseRoleId,
        data: { name: "Pflege", permissions: [{ code: "calllog::use_module", level: "read" }] },
      })) as Result;
      expect(allowed.errors).toBeUndefined();
    });

    it("lets only superusers sort roles", async () => {
      const ids = [nurseRoleId, leadRoleId];
      expect(code((await lead.gql(SORT_ROLES, { ids })) as Result)).toBe("MISSING_PERMISSION");
      expect(((await root.gql(SORT_ROLES, { ids })) as Result).data?.["sortRoles"]).toBe(true);
      const roles = (await root.gql(ROLES)) as Result;
      expect((roles.data?.["roles"] as { name: string }[]).map((r) => r.name)).toEqual(["Pflege", "Stationsleitung"]);
      await root.gql(SORT_ROLES, { ids: [leadRoleId, nurseRoleId] });
    });
  });

  it("revokes a user's sessions when an administrator sets a new password", async () => {
    const nurse = new TestClient(server.app);
    await nurse.login("pflege1", "nurse password 1");
    const users = (await root.gql(USERS, { filter: { search: "pflege1" } })) as Result;
    expect((users.data?.["users"] as { total: number }).total).toBe(1);
    const id = ((await root.gql(`{ users(filter: { search: "pflege1" }) { items { id } } }`)) as Result).data as { users: { items: { id: number }[] } };
    const userId = id.users.items[0]?.id ?? 0;
    const update = (await root.gql(UPDATE_USER, {
      id: userId,
      data: { username: "pflege1", password: "new nurse pw 1", password_repeat: "new nurse pw 1", password_is_temporary: true, roles: [nurseRoleId] },
    })) as Result;
    expect(update.errors).toBeUndefined();
    expect(((await nurse.gql("{ authUser { id } }")) as Result).data).toEqual({ authUser: { id: 0 } });
    expect((await new TestClient(server.app).login("pflege1", "new nurse pw 1")).json()).toMatchObject({ ok: true, require_password_change: true });
  });

  it("refuses to delete oneself and audits deletions", async () => {
    const me = ((await root.gql("{ authUser { id } }")) as Result).data as { authUser: { id: number } };
    expect(code((await root.gql(DELETE_USER, { ids: [me.authUser.id] })) as Result)).toBe("VALIDATION");
    const list = ((await root.gql(`{ users(filter: { search: "pflege1" }) { items { id } } }`)) as Result).data as { users: { items: { id: number }[] } };
    const removed = (await root.gql(DELETE_USER, { ids: [list.users.items[0]?.id] })) as Result;
    expect(removed.data?.["deleteUser"]).toEqual([{ id: list.users.items[0]?.id, name: "pflege1" }]);
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["action"])
      .where("entity_type", "=", "user")
      .where("action", "=", "deleted")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("needs admin::manage_users", async () => {
    await buildUser(server.db.kysely, { username: "viewer", password: "viewer pw 123", permissions: ["calllog::use_module"] });
    const viewer = new TestClient(server.app);
    await viewer.login("viewer", "viewer pw 123");
    expect(code((await viewer.gql(USERS)) as Result)).toBe("MISSING_PERMISSION");
    expect(code((await viewer.gql(ROLES)) as Result)).toBe("MISSING_PERMISSION");
    expect(code((await new TestClient(server.app).gql(USERS)) as Result)).toBe("MISSING_AUTH");
  });
});
