import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

interface SystemView {
  id: number;
  name: string;
  view_key: string;
  is_enabled: boolean;
  is_system_view: boolean;
  sort_order: number;
  apply_permissions: boolean;
  filters: { key: string; value: string }[];
  role_permissions: { role_id: number; level: string | null }[];
  can_edit: boolean;
}
const FIELDS = "id name view_key is_enabled is_system_view sort_order apply_permissions filters { key value } role_permissions { role_id level } can_edit";
const SYSTEM_VIEWS = `{ systemViews { ${FIELDS} } }`;
const CREATE = `mutation ($data: SystemViewInput!) { createSystemView(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: Int!, $data: SystemViewInput!) { updateSystemView(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = `mutation ($ids: [Int!]!) { deleteSystemView(ids: $ids) { id name } }`;

describe.each(TEST_DIALECTS)("system and tree views on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let nurse: TestClient;
  let nurseRoleId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    expect(
      (
        await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
          c: "123456",
          code: buildActivationCode(),
        })
      ).errors,
    ).toBeUndefined();
    const user = await buildUser(server.db.kysely, { username: "nurse", permissions: ["systemtree::use_module"] });
    nurse = new TestClient(server.app);
    await nurse.login(user.username, user.password);
    const role = await server.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    nurseRoleId = role.role_id;
  });
  afterAll(async () => server.close());

  it("starts a system with Baum, Geräte, Gruppen and Verbindungen, sorted, the tree being the system view", async () => {
    const { data, errors } = await nurse.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS);
    expect(errors).toBeUndefined();
    expect(data?.systemViews.map((view) => [view.name, view.view_key, view.is_system_view, view.can_edit])).toEqual([
      ["Baum", "tree", true, true],
      ["Geräte", "devices", false, true],
      ["Gruppen", "groups", false, true],
      ["Verbindungen", "connections", false, true],
    ]);
    // A second read seeds nothing more.
    expect((await admin.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews).toHaveLength(4);
  });

  it("applies permissions: a view for another role is hidden, a read role sees it without can_edit and may not change it", async () => {
    const created = await admin.gql<{ createSystemView: SystemView }>(CREATE, {
      data: {
        name: "Nachtdienst",
        view_key: "devices",
        sort_order: 0,
        apply_permissions: true,
        role_permissions: [{ role_id: 999 }],
        filters: [{ key: "section", value: "1" }],
      },
    });
    expect(created.errors).toBeUndefined();
    const view = created.data?.createSystemView;
    expect(view).toMatchObject({
      name: "Nachtdienst",
      filters: [{ key: "section", value: "1" }],
      role_permissions: [{ role_id: 999, level: null }],
      can_edit: true,
    });
    const names = async () => (await nurse.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews.map((v) => v.name);
    expect(await names()).not.toContain("Nachtdienst");
    await admin.gql(UPDATE, { id: view?.id, data: { role_permissions: [{ role_id: nurseRoleId, level: "read" }] } });
    const seen = (await nurse.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews;
    expect(seen?.[0]).toMatchObject({ name: "Nachtdienst", can_edit: false });
    // The nurse lacks systemtree::manage_views anyway; the audit log has the admin's change.
    expect((await nurse.gql(UPDATE, { id: view?.id, data: { name: "X" } })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    const audit = await server.db.kysely.selectFrom("audit_logs").select(["action", "entity_type"]).where("entity_type", "=", "systemView").execute();
    expect(audit.map((entry) => entry.action)).toEqual(["created", "updated"]);
  });

  it("shows the system view when every view is disabled", async () => {
    const views = (await admin.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews ?? [];
    for (const view of views) await admin.gql(UPDATE, { id: view.id, data: { is_enabled: false } });
    const seen = (await nurse.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews;
    expect(seen?.map((view) => view.name)).toEqual(["Baum"]);
    for (const view of views) await admin.gql(UPDATE, { id: view.id, data: { is_enabled: true } });
  });

  it("refuses bad input per field and keeps the system view", async () => {
    const bad = await admin.gql(CREATE, { data: { name: "", view_key: "nope" } });
    expect(bad.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(Object.keys(bad.errors?.[0]?.extensions?.["fields"] as object)).toEqual(expect.arrayContaining(["name", "view_key"]));
    const duplicate = await admin.gql(CREATE, { data: { name: "Baum", view_key: "tree" } });
    expect(JSON.stringify(duplicate.errors?.[0]?.extensions?.["fields"])).toContain("validation.unique");
    const long = await admin.gql(CREATE, { data: { name: "x".repeat(10_000), view_key: "tree" } });
    expect(long.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    const baum = (await admin.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews.find((view) => view.is_system_view);
    expect((await admin.gql(DELETE, { ids: [baum?.id] })).errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    const geraete = (await admin.gql<{ systemViews: SystemView[] }>(SYSTEM_VIEWS)).data?.systemViews.find((view) => view.name === "Geräte");
    expect((await admin.gql(DELETE, { ids: [geraete?.id] })).errors).toBeUndefined();
  });

  it("lists tree views by their roles restriction", async () => {
    const create = `mutation ($data: TreeViewInput!) { createTreeView(data: $data) { id name is_enabled role_ids } }`;
    expect((await admin.gql(create, { data: { name: "Alle" } })).errors).toBeUndefined();
    expect((await admin.gql(create, { data: { name: "Technik", role_ids: [999] } })).errors).toBeUndefined();
    const created = await admin.gql<{ createTreeView: { id: number } }>(create, { data: { name: "Pflege", role_ids: [nurseRoleId] } });
    const names = async (client: TestClient) =>
      (await client.gql<{ treeViews: { name: string }[] }>("{ treeViews { name } }")).data?.treeViews.map((v) => v.name);
    expect(await names(nurse)).toEqual(["Alle", "Pflege"]);
    expect(await names(admin)).toEqual(["Alle", "Pflege", "Technik"]);
    const update = `mutation ($id: Int!, $data: TreeViewInput!) { updateTreeView(id: $id, data: $data) { is_enabled } }`;
    await admin.gql(update, { id: created.data?.createTreeView.id, data: { is_enabled: false } });
    expect(await names(nurse)).toEqual(["Alle"]);
    const removed = await admin.gql(`mutation ($ids: [Int!]!) { deleteTreeView(ids: $ids) { id } }`, { ids: [created.data?.createTreeView.id] });
    expect(removed.errors).toBeUndefined();
  });
});
