import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

/**
 * spec §6 "Levels are hide, read, write"; "A permission held at level 'read' does not
 * allow its write actions" (docs/decisions/009-permission-levels-and-granting.md).
 */
const LIST = "{ callTypes(filter: { limit: 10 }) { total } }";
const CREATE = 'mutation { createCallType(data: { name: "Herzalarm", char: "H", color: "#ff0000" }) { id } }';
const SETTINGS = "mutation { updateGlobalSettings(data: { defects_timeout: 5 }) { defects_timeout } }";
const ME = "{ authUser { permissions write_permissions } }";

type Result = { data: Record<string, unknown> | null; errors?: { extensions?: Record<string, unknown> }[] };
const codeOf = (r: Result): unknown => r.errors?.[0]?.extensions?.["code"];

describe.each(TEST_DIALECTS)("permission levels on %s", (dialect) => {
  let server: TestServer;
  const clients: Record<string, TestClient> = {};

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const db = server.db.kysely;
    await buildSystem(db, 1);
    for (const level of ["hide", "read", "write"]) {
      const role = await db
        .insertInto("roles")
        .values({ name: `system-${level}`, sort_order: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("role_permissions")
        .values([
          { role_id: role.id, code: "admin::manage_system", level },
          // An action code at the same level: at read it is no more than hidden.
          { role_id: role.id, code: "calllog::close_calls", level },
        ])
        .execute();
      const user = await buildUser(db, { username: `user-${level}` });
      await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
      clients[level] = new TestClient(server.app);
      await clients[level].login(user.username, user.password);
    }
  });
  afterAll(() => server.close());

  const as = (level: string): TestClient => {
    const client = clients[level];
    if (!client) throw new Error(`no client for ${level}`);
    return client;
  };

  it("read lists call types but may not create one", async () => {
    expect(codeOf((await as("read").gql(LIST)) as Result)).toBeUndefined();
    expect(codeOf((await as("read").gql(CREATE)) as Result)).toBe("MISSING_PERMISSION");
    expect(codeOf((await as("read").gql(SETTINGS)) as Result)).toBe("MISSING_PERMISSION");
    // Nothing was created: the list is still empty.
    expect(((await as("read").gql(LIST)) as Result).data).toEqual({ callTypes: { total: 0 } });
  });

  it("write lists and creates", async () => {
    expect(codeOf((await as("write").gql(LIST)) as Result)).toBeUndefined();
    const created = (await as("write").gql(CREATE)) as Result;
    expect(created.errors).toBeUndefined();
    // The guard lets write through; what remains is the settings' own validation.
    expect(String(codeOf((await as("write").gql(SETTINGS)) as Result))).not.toMatch(/^MISSING_/);
  });

  it("hide gives neither", async () => {
    expect(codeOf((await as("hide").gql(LIST)) as Result)).toBe("MISSING_PERMISSION");
    expect(codeOf((await as("hide").gql(CREATE)) as Result)).toBe("MISSING_PERMISSION");
  });

  it.each([
    ["hide", [], []],
    ["read", ["admin::manage_system"], []],
    ["write", ["admin::manage_system", "calllog::close_calls"], ["admin::manage_system", "calllog::close_calls"]],
  ])("the current user at %s holds what the level gives", async (level, permissions, write) => {
    expect(((await as(level).gql(ME)) as Result).data?.["authUser"]).toEqual({ permissions, write_permissions: write });
  });
});
