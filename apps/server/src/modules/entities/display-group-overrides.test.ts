import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import type { ControllerConfig } from "@caresuite/protocol";
import { readAppState } from "../appdata/app-state.repo.ts";
import { importControllerConfig } from "../calls/import-config.ts";

/**
 * Display group overrides (docs/decisions/022): spec data §3 "Display group override: name,
 * is_enabled, section_id, section_display_group_id, systemtree_display_group_id"; route table
 * "/tree/displaygroupoverrides ... systemtree::see_display_group_overrides; edit needs
 * systemtree::manage_display_group_overrides".
 */

const FIELDS = "id name is_enabled section_id section_display_group_id systemtree_display_group_id";
const LIST = `{ displayGroupOverrides { total items { ${FIELDS} } } }`;
const CREATE = `mutation($data: DisplayGroupOverrideInput!) { createDisplayGroupOverride(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $data: DisplayGroupOverrideInput!) { updateDisplayGroupOverride(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = "mutation($ids: [Int!]!) { deleteDisplayGroupOverride(ids: $ids) { id name } }";
const SECTIONS = "{ sections { items { id has_display_group_override active_display_group_override_id } } }";
const RELATIONS = "{ displayRelations { display_group_overrides { id name section_id section_display_group_id systemtree_display_group_id } } }";

type Override = { id: number; name: string; is_enabled: boolean; section_id: number; section_display_group_id: number; systemtree_display_group_id: number };
type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const fieldsOf = (errors: Errors) => (errors?.[0]?.extensions?.["fields"] ?? {}) as Record<string, { message: string; data: Record<string, unknown> }[]>;

describe.each(TEST_DIALECTS)("display group overrides on %s", (dialect) => {
  let server: TestServer;
  let manager: TestClient;
  let viewer: TestClient;
  let configurator: TestClient;
  const night = { name: "Nacht Station 1", section_id: 1, section_display_group_id: 1, systemtree_display_group_id: 2 };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const login = async (permissions: string[]) => {
      const user = await buildUser(server.db.kysely, { permissions });
      const client = new TestClient(server.app);
      await client.login(user.username, user.password);
      return client;
    };
    configurator = await login(["admin::use_module", "admin::manage_system"]);
    manager = await login(["systemtree::see_display_group_overrides", "systemtree::manage_display_group_overrides"]);
    viewer = await login(["systemtree::see_display_group_overrides"]);
    // Two wards with a board group each; two nodes of ward 1, one of ward 2.
    for (const name of ["Station 1", "Station 2"]) {
      expect((await configurator.gql("mutation($name: String!) { createSection(data: { name: $name }) { id } }", { name })).errors).toBeUndefined();
      expect((await configurator.gql("mutation($name: String!) { createDisplayGroup(data: { name: $name }) { id } }", { name })).errors).toBeUndefined();
    }
    const now = Date.now();
    await server.db.kysely
      .insertInto("system_tree_nodes")
      .values(
        [
          [10, 1],
          [11, 1],
          [20, 2],
        ].map(([id, section]) => ({
          system_id: 1,
          id: id as number,
          kind: "room",
          parent_id: null,
          name: `Zimmer ${id}`,
          section_id: section as number,
          sort_order: 0,
          is_enabled: 1,
          text_long: "",
          text_short: "",
          reachable: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(() => server.close());

  const nodeMarks = async () =>
    (
      await server.db.kysely
        .selectFrom("system_tree_nodes")
        .select(["id", "active_display_group_override_id"])
        .where("system_id", "=", 1)
        .orderBy("id")
        .execute()
    ).map((n) => [n.id, n.active_display_group_override_id]);

  it('reports the feature in AppData (spec "features (display_group_overrides, ...)")', async () => {
    const state = await manager.gql<{ appState: { features: { display_group_overrides: boolean } } }>("{ appState { features { display_group_overrides } } }");
    expect(state.data?.appState.features.display_group_overrides).toBe(true);
  });

  it("refuses anonymous visitors (MISSING_AUTH) and lets a see-only user read but not change (MISSING_PERMISSION)", async () => {
    const anonymous = new TestClient(server.app);
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { data: night }],
    ] as const) {
      expect((await anonymous.gql(query, variables)).errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
    }
    expect((await viewer.gql<{ displayGroupOverrides: { total: number } }>(LIST)).data?.displayGroupOverrides.total).toBe(0);
    for (const [query, variables] of [
      [CREATE, { data: night }],
      [UPDATE, { id: 1, data: { ...night, is_enabled: true } }],
      [DELETE, { ids: [1] }],
    ] as const) {
      expect((await viewer.gql(query, variables)).errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
    }
    // admin::manage_system is not the overrides' permission (the route table names theirs).
    expect((await configurator.gql(LIST)).errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
  });

  it("creates disabled, audits, marks the section as having an override and the configuration as changed", async () => {
    server.clock.now += 1000;
    const created = await manager.gql<{ createDisplayGroupOverride: Override }>(CREATE, { data: night });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createDisplayGroupOverride).toMatchObject({ ...night, is_enabled: false });
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .innerJoin("audit_log_changes", "audit_log_changes.audit_log_id", "audit_logs.id")
      .select(["audit_logs.action", "audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "displayGroupOverride")
      .execute();
    expect(audit).toContainEqual({ action: "created", field: "name", value_new: night.name });
    const sections = await manager.gql<{ sections: { items: unknown[] } }>(SECTIONS);
    // sections need admin::manage_system: read them as the configurator
    expect(sections.errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
    const marks = await configurator.gql<{ sections: { items: unknown[] } }>(SECTIONS);
    expect(marks.data?.sections.items).toEqual([
      { id: 1, has_display_group_override: true, active_display_group_override_id: null },
      { id: 2, has_display_group_override: false, active_display_group_override_id: null },
    ]);
    expect((await readAppState(server.db.kysely)).last_gets_change).toBe(server.clock.now);
    expect(await nodeMarks()).toEqual([
      [10, null],
      [11, null],
      [20, null],
    ]);
  });

  it("enabling sets the active override on the section and its nodes, blocks their editing, pushes displaygroup.updated and routes boards", async () => {
    const messages = server.pubsub.subscribe("system-messages");
    const enabled = await manager.gql<{ updateDisplayGroupOverride: Override }>(UPDATE, { id: 1, data: { ...night, is_enabled: true } });
    expect(enabled.errors).toBeUndefined();
    // A configuration change also says so (getsconfig.changed, docs/decisions/026).
    const subjects: string[] = [];
    for (let i = 0; i < 2; i++) subjects.push(((await messages.next()).value as { subject: string }).subject);
    expect(subjects).toContain("displaygroup.updated");
    await messages.return(undefined);
    const marks = await configurator.gql<{ sections: { items: unknown[] } }>(SECTIONS);
    expect(marks.data?.sections.items).toContainEqual({ id: 1, has_display_group_override: true, active_display_group_override_id: 1 });
    expect(await nodeMarks()).toEqual([
      [10, 1],
      [11, 1],
      [20, null],
    ]);
    // spec §5 "Editing is blocked for elements with open calls, an active override, or inherited data."
    const superuser = await buildUser(server.db.kysely, { is_superuser: true });
    const admin = new TestClient(server.app);
    await admin.login(superuser.username, superuser.password);
    const node = await admin.gql<{ systemTreeNode: { edit_state: { can_edit: boolean; blocked_by: string[] } } }>(
      "{ systemTreeNode(id: 10) { edit_state { can_edit blocked_by } } }",
    );
    expect(node.errors).toBeUndefined();
    expect(node.data?.systemTreeNode.edit_state.can_edit).toBe(false);
    expect(node.data?.systemTreeNode.edit_state.blocked_by.join(" ")).toMatch(/override/);
    // A node moved into the overridden section takes the mark; moved back, it loses it.
    const moved = await admin.gql("mutation { updateSystemTreeNode(id: 20, data: { section_id: 1 }) { id active_display_group_override_id } }");
    expect(moved.errors).toBeUndefined();
    expect(moved.data).toEqual({ updateSystemTreeNode: { id: 20, active_display_group_override_id: 1 } });
    // ... and is then blocked like the others (spec §5): moving it back waits until the override is off.
    const back = await admin.gql("mutation { updateSystemTreeNode(id: 20, data: { section_id: 2 }) { id } }");
    expect(back.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    await server.db.kysely.updateTable("system_tree_nodes").set({ section_id: 2, active_display_group_override_id: null }).where("id", "=", 20).execute();
    // Anonymous boards read the enabled override with their relations.
    const relations = await new TestClient(server.app).gql<{ displayRelations: { display_group_overrides: unknown[] } }>(RELATIONS);
    expect(relations.data?.displayRelations.display_group_overrides).toEqual([{ id: 1, ...night }]);
  });

  it("refuses a second enabled override for the same section with a translated per-field error", async () => {
    const second = await manager.gql(CREATE, { data: { ...night, name: "Zweite", is_enabled: true } });
    expect(second.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(fieldsOf(second.errors)["is_enabled"]).toEqual([{ message: "validation.override_active", data: { field: "is_enabled", value: night.name } }]);
    // Disabled, a second one for the section is fine; enabling it is refused the same way.
    const disabled = await manager.gql<{ createDisplayGroupOverride: Override }>(CREATE, { data: { ...night, name: "Zweite" } });
    expect(disabled.errors).toBeUndefined();
    const id = disabled.data?.createDisplayGroupOverride.id ?? 0;
    const enable = await manager.gql(UPDATE, { id, data: { ...night, name: "Zweite", is_enabled: true } });
    expect(fieldsOf(enable.errors)["is_enabled"]?.[0]?.message).toBe("validation.override_active");
    // Another section may have its own enabled override.
    const other = await manager.gql(UPDATE, {
      id,
      data: { name: "Zweite", section_id: 2, section_display_group_id: 2, systemtree_display_group_id: 1, is_enabled: true },
    });
    expect(other.errors).toBeUndefined();
    expect(await nodeMarks()).toEqual([
      [10, 1],
      [11, 1],
      [20, id],
    ]);
    expect((await manager.gql(DELETE, { ids: [id] })).errors).toBeUndefined();
  });

  it.each([
    ["same group twice", { ...night, name: "X", systemtree_display_group_id: 1 }, "systemtree_display_group_id", "validation.cannot_be_same"],
    ["unknown section", { ...night, name: "X", section_id: 99 }, "section_id", "validation.invalid"],
    ["missing name", { section_id: 1, section_display_group_id: 1, systemtree_display_group_id: 2 }, "name", "validation.required"],
    ["duplicate name", { ...night, name: night.name.toUpperCase() }, "name", "validation.unique"],
  ])("answers %s with a per-field error", async (_label, data, field, message) => {
    const result = await manager.gql(CREATE, { data });
    expect(result.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(fieldsOf(result.errors)[field]?.[0]?.message).toBe(message);
  });

  it("deleting the enabled override clears the marks; a section in use by an override cannot be deleted", async () => {
    const inUse = await configurator.gql("mutation { deleteSection(ids: [1]) { id } }");
    expect(inUse.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "in_use" });
    const deleted = await manager.gql(DELETE, { ids: [1] });
    expect(deleted.data).toEqual({ deleteDisplayGroupOverride: [{ id: 1, name: night.name }] });
    expect(await nodeMarks()).toEqual([
      [10, null],
      [11, null],
      [20, null],
    ]);
    const marks = await configurator.gql<{ sections: { items: unknown[] } }>(SECTIONS);
    expect(marks.data?.sections.items).toContainEqual({ id: 1, has_display_group_override: false, active_display_group_override_id: null });
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select("action")
      .where("entity_type", "=", "displayGroupOverride")
      .where("entity_id", "=", 1)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["created", "updated", "deleted"]);
  });

  it("survives a configuration import (ours, not the controller's), which marks the replaced sections and nodes again", async () => {
    const created = await manager.gql<{ createDisplayGroupOverride: Override }>(CREATE, { data: { ...night, is_enabled: true } });
    const id = created.data?.createDisplayGroupOverride.id ?? 0;
    const config = {
      revision: 7,
      system_tree: [
        { id: 10, kind: "room", parent_id: null, name: "Zimmer 10", section_id: 1 },
        { id: 30, kind: "room", parent_id: null, name: "Zimmer 30", section_id: 1 },
        { id: 20, kind: "room", parent_id: null, name: "Zimmer 20", section_id: 2 },
      ],
      sections: [
        { id: 1, name: "Station 1" },
        { id: 2, name: "Station 2" },
      ],
      call_types: [],
      call_sources: [],
      schedules: [],
      display_groups: [
        { id: 1, name: "Station 1" },
        { id: 2, name: "Station 2" },
      ],
      display_group_connections: [],
      hubs: [],
    } as unknown as ControllerConfig;
    await importControllerConfig(server.db.kysely, 1, config, Date.now());
    expect((await manager.gql<{ displayGroupOverrides: { total: number } }>(LIST)).data?.displayGroupOverrides.total).toBe(1);
    expect(await nodeMarks()).toEqual([
      [10, id],
      [20, null],
      [30, id],
    ]);
    const marks = await configurator.gql<{ sections: { items: unknown[] } }>(SECTIONS);
    expect(marks.data?.sections.items).toContainEqual({ id: 1, has_display_group_override: true, active_display_group_override_id: id });
  });
});
