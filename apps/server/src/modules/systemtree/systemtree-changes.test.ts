import { NODE_FIELD_CODES, SYSTEM_TREE_NODE_INPUT_FIELDS, type SystemTreeNodeInputField } from "@caresuite/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startLinkedSystem, until } from "../../test-support/linked-system.ts";
import type { TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { readAppState } from "../appdata/app-state.repo.ts";

type Result = { data: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

const code = (r: Result) => r.errors?.[0]?.extensions?.["code"];
const firstMessages = (r: Result) =>
  Object.fromEntries(
    Object.entries((r.errors?.[0]?.extensions?.["fields"] ?? {}) as Record<string, { message: string }[]>).map(([f, list]) => [f, list[0]?.message]),
  );

const NODE = `id name kind parent_id sort_order section_id text_short text_long comment is_tech radio is_linkable linked_system_tree_node_id
  inherit_section resolved { section_id text_long text_short flight_profile_id } latest_note { text author } notes { text author }
  linking_nodes { id } editable_fields reachability_history { from to reachable } device_text_overrides { call_source checkpoint button }
  display_group_ids edit_state { blocked_by can_edit can_delete can_move inherited_fields }`;
const GET = `query ($id: Int!) { systemTreeNode(id: $id) { ${NODE} } }`;
const LIST = `{ systemTreeNodes { id name kind parent_id sort_order is_tech radio is_linkable linked_system_tree_node_id inherits battery_reported_at } }`;
const CREATE = `mutation ($data: SystemTreeNodeInput!) { createSystemTreeNode(data: $data) { ${NODE} } }`;
const UPDATE = `mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { ${NODE} } }`;
const DELETE = `mutation ($ids: [Int!]!) { deleteSystemTreeNode(ids: $ids) { id name } }`;
const SORT = `mutation ($parent: Int, $ids: [Int!]!) { sortSystemTreeNodes(parent_id: $parent, ids: $ids) }`;
const NOTE = `mutation ($id: Int!, $text: String!) { addSystemTreeNodeNote(node_id: $id, text: $text) { id text author created_at } }`;
const ACTION = `mutation ($action: DeviceActionInput!) { sendDeviceAction(action: $action) { success } }`;

/**
 * A value for each input field that differs from what the demo tree's Zimmer 102 Bett 1 (node 24,
 * a radio bed inheriting its room's section) holds: sending it is a change that needs the field's code.
 */
const CHANGES: Record<SystemTreeNodeInputField, unknown> = {
  kind: "person",
  parent_id: 20,
  name: "Bett Neu",
  number: 5,
  section_id: 2,
  serial: "GS-NEU",
  mac: "02:47:53:00:00:99",
  text_long: "BETT NEU",
  text_short: "NEU",
  call_source_id: 101,
  callback_number: "123",
  comment: "neu",
  position: "Fenster",
  is_enabled: false,
  is_linkable: true,
  is_tech: true,
  radio: false,
  day_sound_level: 1,
  night_sound_level: 1,
  disable_buzzer_at_night: true,
  mask_time_at_night: true,
  display_time: 10,
  show_calls_without_presence: true,
  use_activity_control: true,
  flight_profile_id: 1,
  linked_system_tree_node_id: 23,
  deny_manual_call_closure: true,
  device_text_overrides: { button: "TASTE" },
  schedule_id: 255,
  display_group_ids: [255],
  inherit_section: false,
  inherit_text_long: true,
  inherit_text_short: true,
  inherit_flight_profile: true,
};

describe.each(TEST_DIALECTS)("system tree changes on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;
  let createdId = 0;

  const gql = async (client: TestClient, query: string, variables: Record<string, unknown> = {}) => (await client.gql(query, variables)) as Result;
  const node = async (id: number, client = admin) => (await gql(client, GET, { id })).data?.["systemTreeNode"] as Record<string, unknown>;
  const clientWith = async (permissions: string[]): Promise<TestClient> => {
    const user = await buildUser(server.db.kysely, { permissions });
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    return client;
  };
  const auditRows = async (entityId: number) =>
    server.db.kysely
      .selectFrom("audit_logs")
      .select(["id", "action", "entity_type", "entity_display_name"])
      .where("entity_type", "=", "systemtree")
      .where("entity_id", "=", entityId)
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    ({ simulator, server, admin } = await startLinkedSystem(dialect));
    // Changes of the tree are a management feature: users without superuser need the licence.
    const activated = await gql(admin, "mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    });
    expect(activated.errors).toBeUndefined();
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  describe("reading", () => {
    it("lists every node flat with the imported §3.6 fields", async () => {
      const nodes = (await gql(admin, LIST)).data?.["systemTreeNodes"] as Record<string, unknown>[];
      const byId = new Map(nodes.map((n) => [n["id"], n]));
      expect(nodes.length).toBeGreaterThan(200);
      expect(byId.get(17)).toMatchObject({ name: "Heizung", kind: "tech", is_tech: true, radio: false });
      expect(byId.get(23)).toMatchObject({ is_linkable: true, radio: true, inherits: true });
      expect(byId.get(26)).toMatchObject({ linked_system_tree_node_id: 23 });
      expect(byId.get(20)).toMatchObject({ kind: "room", inherits: false });
    });

    it("shows a device with its resolved values, linking nodes and what the user may change", async () => {
      const bed = await node(23);
      expect(bed).toMatchObject({
        section_id: 1,
        inherit_section: true,
        resolved: { section_id: 1, text_short: "Z101-B1" },
        linking_nodes: [{ id: 26 }],
        latest_note: null,
        notes: [],
        reachability_history: [],
        device_text_overrides: { call_source: null, checkpoint: null, button: null },
        display_group_ids: [],
        edit_state: { blocked_by: [], can_edit: true, can_delete: true, can_move: false, inherited_fields: ["section_id"] },
      });
      expect(bed["editable_fields"]).toEqual(SYSTEM_TREE_NODE_INPUT_FIELDS);
    });

    it("leaves technical devices out for a user without see_tech_devices", async () => {
      const nurse = await clientWith(["systemtree::use_module"]);
      const ids = ((await gql(nurse, LIST)).data?.["systemTreeNodes"] as { id: number }[]).map((n) => n.id);
      expect(ids).toContain(23);
      expect(ids).not.toContain(17);
      expect(code(await gql(nurse, GET, { id: 17 }))).toBe("MISSING_PERMISSION");
      const technician = await clientWith(["systemtree::use_module", "systemtree::see_tech_devices"]);
      expect(((await gql(technician, LIST)).data?.["systemTreeNodes"] as { id: number }[]).map((n) => n.id)).toContain(17);
    });
  });

  describe("changes", () => {
    it("creates a device under a room: filtered texts, audit, pending commit, a push for open trees", async () => {
      const pushes = server.pubsub.subscribe(systemTreeTopic(1)) as AsyncGenerator<SystemTreeSignal>;
      const pushed = pushes.next();
      const before = (await readAppState(server.db.kysely)).last_gets_change;
      const result = await gql(admin, CREATE, {
        data: { kind: "device", parent_id: 20, name: "Zimmer 101 Bett 3", text_short: "z101-b3", text_long: "zimmer 101 bett 3", radio: true, section_id: 1 },
      });
      expect(result.errors).toBeUndefined();
      const created = result.data?.["createSystemTreeNode"] as Record<string, unknown>;
      createdId = created["id"] as number;
      expect(created).toMatchObject({ kind: "device", parent_id: 20, text_short: "Z101-B3", text_long: "ZIMMER 101 BETT 3", section_id: 1 });
      expect((await pushed).value).toEqual({ system_id: 1, ids: [createdId] });
      await pushes.return(undefined);
      expect((await readAppState(server.db.kysely)).last_gets_change).toBeGreaterThan(before);
      expect(await auditRows(createdId)).toMatchObject([{ action: "created", entity_display_name: "Zimmer 101 Bett 3" }]);
    });

    it("two creates at once get two ids", async () => {
      const data = (name: string) => ({ data: { kind: "device", parent_id: 21, name, radio: true } });
      const [a, b] = await Promise.all([gql(admin, CREATE, data("Gleichzeitig 1")), gql(admin, CREATE, data("Gleichzeitig 2"))]);
      const ids = [a, b].map((r) => (r.data?.["createSystemTreeNode"] as { id: number } | undefined)?.id);
      expect(new Set(ids).size).toBe(2);
      expect((await gql(admin, DELETE, { ids })).errors).toBeUndefined();
    });

    it("updates fields, audits field by field and serves the node history to the audit modal", async () => {
      const result = await gql(admin, UPDATE, {
        id: createdId,
        data: { comment: "Fensterseite", device_text_overrides: { button: "ruf" }, display_group_ids: [255] },
      });
      expect(result.errors).toBeUndefined();
      expect(result.data?.["updateSystemTreeNode"]).toMatchObject({
        comment: "Fensterseite",
        device_text_overrides: { button: "RUF" },
        display_group_ids: [255],
      });
      const changes = await server.db.kysely
        .selectFrom("audit_log_changes")
        .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
        .select(["audit_log_changes.field", "audit_log_changes.value_new"])
        .where("audit_logs.entity_type", "=", "systemtree")
        .where("audit_logs.entity_id", "=", createdId)
        .where("audit_logs.action", "=", "updated")
        .orderBy("audit_log_changes.id")
        .execute();
      expect(changes.map((c) => c.field)).toEqual(["comment", "device_text_overrides", "display_group_ids"]);
      // systemTreeNodeAuditLog: the audit log filtered by the node.
      const history = await gql(admin, `query ($input: AuditLogFilter!) { auditLogs(input: $input) { action entity_type entity_id } }`, {
        input: { entity_type: "systemtree", entity_id: createdId },
      });
      expect(history.data?.["auditLogs"]).toEqual([
        { action: "updated", entity_type: "systemtree", entity_id: createdId },
        { action: "created", entity_type: "systemtree", entity_id: createdId },
      ]);
    });

    it("a value sent unchanged is no change: nothing is audited", async () => {
      const before = (await auditRows(createdId)).length;
      expect((await gql(admin, UPDATE, { id: createdId, data: { comment: "Fensterseite" } })).errors).toBeUndefined();
      expect(await auditRows(createdId)).toHaveLength(before);
    });

    it("adds notes, newest first, with the author's name", async () => {
      const first = await gql(admin, NOTE, { id: createdId, text: "Batterie ersetzt" });
      expect(first.errors).toBeUndefined();
      await gql(admin, NOTE, { id: createdId, text: "  Defekt gemeldet  " });
      expect(await node(createdId)).toMatchObject({
        latest_note: { text: "Defekt gemeldet", author: "root" },
        notes: [{ text: "Defekt gemeldet" }, { text: "Batterie ersetzt" }],
      });
      expect(firstMessages(await gql(admin, NOTE, { id: createdId, text: "   " }))).toEqual({ text: "validation.required" });
      expect(firstMessages(await gql(admin, NOTE, { id: createdId, text: "x".repeat(501) }))).toEqual({ text: "validation.max_length" });
    });

    it("sorts the children of a parent and moves a node there", async () => {
      const children = (await gql(admin, `{ systemTreeNodes { id parent_id sort_order } }`)).data?.["systemTreeNodes"] as {
        id: number;
        parent_id: number | null;
      }[];
      const ids = children.filter((n) => n.parent_id === 20).map((n) => n.id);
      const reversed = [...ids].reverse();
      expect((await gql(admin, SORT, { parent: 20, ids: reversed })).data?.["sortSystemTreeNodes"]).toBe(true);
      const after = (
        (await gql(admin, `{ systemTreeNodes { id parent_id sort_order } }`)).data?.["systemTreeNodes"] as {
          id: number;
          parent_id: number;
          sort_order: number;
        }[]
      )
        .filter((n) => n.parent_id === 20)
        .sort((a, b) => a.sort_order - b.sort_order)
        .map((n) => n.id);
      expect(after).toEqual(reversed);
      expect(firstMessages(await gql(admin, SORT, { parent: 20, ids: [ids[0], ids[0]] }))).toEqual({ ids: "validation.invalid" });
    });

    it("orders the buildings with a null parent, audited; nothing becomes top-level that way", async () => {
      const topLevel = async () =>
        (
          (await gql(admin, `{ systemTreeNodes { id parent_id sort_order } }`)).data?.["systemTreeNodes"] as {
            id: number;
            parent_id: number | null;
            sort_order: number;
          }[]
        )
          .filter((n) => n.parent_id === null)
          .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
          .map((n) => n.id);
      const before = await topLevel();
      expect(before).toEqual(expect.arrayContaining([1, 4]));
      const reversed = [...before].reverse();
      expect((await gql(admin, SORT, { parent: null, ids: reversed })).errors).toBeUndefined();
      expect(await topLevel()).toEqual(reversed);
      expect((await auditRows(reversed[0] as number)).at(-1)).toMatchObject({ action: "updated" });
      // Omitting parent_id is the same as null.
      expect((await gql(admin, `mutation ($ids: [Int!]!) { sortSystemTreeNodes(ids: $ids) }`, { ids: before })).errors).toBeUndefined();
      expect(await topLevel()).toEqual(before);
      // A floor is not moved to the top level by sorting.
      expect(firstMessages(await gql(admin, SORT, { parent: null, ids: [...before, 2] }))).toEqual({ ids: "validation.invalid" });
      // The same codes as any order: manage_structure.
      const viewer = await clientWith(["systemtree::use_module", "systemtree::change_parents"]);
      expect(code(await gql(viewer, SORT, { parent: null, ids: reversed }))).toBe("MISSING_PERMISSION");
      const structure = await clientWith(["systemtree::use_module", "systemtree::manage_structure"]);
      expect((await gql(structure, SORT, { parent: null, ids: reversed })).errors).toBeUndefined();
      expect((await gql(admin, SORT, { parent: null, ids: before })).errors).toBeUndefined();
    });

    it("deletes a node without children; links to it go with it", async () => {
      await gql(admin, UPDATE, { id: createdId, data: { is_linkable: true } });
      const linker = (await gql(admin, CREATE, { data: { kind: "device", parent_id: 20, name: "Taster", radio: true, linked_system_tree_node_id: createdId } }))
        .data?.["createSystemTreeNode"] as { id: number };
      expect(code(await gql(admin, DELETE, { ids: [createdId] }))).toBeUndefined();
      expect((await node(linker.id))["linked_system_tree_node_id"]).toBeNull();
      expect((await auditRows(createdId)).at(-1)).toMatchObject({ action: "deleted" });
      expect(code(await gql(admin, GET, { id: createdId }))).toBe("NOT_FOUND");
      await gql(admin, DELETE, { ids: [linker.id] });
    });
  });

  describe("bad input", () => {
    it.each([
      ["a cycle in the parents (a room under its own bed)", 20, { parent_id: 23 }, { parent_id: "validation.parent_cycle" }],
      [
        "a link chain (linking to a device that links on)",
        24,
        { linked_system_tree_node_id: 26 },
        { linked_system_tree_node_id: "validation.linked_system_tree_node_chain" },
      ],
      [
        "a link from a device others link to",
        23,
        { linked_system_tree_node_id: 24 },
        { linked_system_tree_node_id: "validation.linked_system_tree_node_chain" },
      ],
      ["an umlaut in the short text", 20, { text_short: "KÜCHE" }, { text_short: "validation.contains" }],
      ["8 characters of short text", 20, { text_short: "ZIMMER12" }, { text_short: "validation.max_length" }],
      ["20 characters of long text", 20, { text_long: "ABCDEFGHIJKLMNOPQRST" }, { text_long: "validation.max_length" }],
      ["a control character in the name", 20, { name: "Zimmer\u0007101" }, { name: "validation.control_characters" }],
      ["an unknown section", 20, { section_id: 999 }, { section_id: "validation.invalid" }],
      ["an unknown kind", 20, { kind: "castle" }, { kind: "validation.one_option_required" }],
      ["the move of an inheriting device", 25, { parent_id: 21 }, { parent_id: "validation.inheriting_cannot_move" }],
      ["a change of an inherited value", 25, { section_id: 2 }, { section_id: "validation.blocked_inherited" }],
    ])("%s", async (_name, id, data, expected) => {
      const result = await gql(admin, UPDATE, { id, data });
      expect(code(result)).toBe("VALIDATION");
      expect(firstMessages(result)).toEqual(expected);
    });

    it("refuses NUL and control characters before anything else (ARCHITECTURE «Security rules»)", async () => {
      const result = await gql(admin, UPDATE, { id: 20, data: { name: "Zimmer\u0000101" } });
      expect(code(result)).toBe("VALIDATION");
      expect(firstMessages(result)).toEqual({ "data.name": "validation.control_characters" });
    });

    it("moves an inheriting device once the same change clears its flags", async () => {
      const result = await gql(admin, UPDATE, { id: 25, data: { parent_id: 21, inherit_section: false, section_id: 1 } });
      expect(result.errors).toBeUndefined();
      await gql(admin, UPDATE, { id: 25, data: { parent_id: 20, inherit_section: true } });
    });

    it("refuses to delete an element with children", async () => {
      const result = await gql(admin, DELETE, { ids: [20] });
      expect(firstMessages(result)).toEqual({ _: "validation.has_children" });
    });

    it("blocks editing while a call is open at the device", async () => {
      await simulator.press(23, "alert");
      await until(
        async () => ((await node(23))["edit_state"] as { blocked_by: string[] }).blocked_by,
        (blocked) => blocked.includes("open_calls"),
      );
      expect(firstMessages(await gql(admin, UPDATE, { id: 23, data: { comment: "jetzt nicht" } }))).toEqual({ _: "validation.blocked_open_calls" });
      // The room above it is blocked as well: its bed's call is its call.
      expect(firstMessages(await gql(admin, UPDATE, { id: 20, data: { comment: "jetzt nicht" } }))).toEqual({ _: "validation.blocked_open_calls" });
      await simulator.press(23, "cancel");
      await until(
        async () => ((await node(23))["edit_state"] as { blocked_by: string[] }).blocked_by,
        (blocked) => blocked.length === 0,
      );
    });

    it("deletes nothing for an empty list", async () => {
      expect((await gql(admin, DELETE, { ids: [] })).data?.["deleteSystemTreeNode"]).toEqual([]);
    });

    it("answers NOT_FOUND for an unknown node", async () => {
      expect(code(await gql(admin, UPDATE, { id: 999_999, data: { comment: "x" } }))).toBe("NOT_FOUND");
      expect(code(await gql(admin, DELETE, { ids: [999_999] }))).toBe("NOT_FOUND");
    });
  });

  describe("field permissions", () => {
    it("a user with only systemtree::use_module gets MISSING_PERMISSION for every field", async () => {
      const viewer = await clientWith(["systemtree::use_module"]);
      expect((await node(24, viewer))["editable_fields"]).toEqual([]);
      for (const field of SYSTEM_TREE_NODE_INPUT_FIELDS) {
        const result = await gql(viewer, UPDATE, { id: 24, data: { [field]: CHANGES[field] } });
        expect({ field, code: code(result) }).toEqual({ field, code: "MISSING_PERMISSION" });
        expect(Object.keys((result.errors?.[0]?.extensions?.["fields"] ?? {}) as object)).toEqual([field]);
      }
      expect(code(await gql(viewer, CREATE, { data: { kind: "device", parent_id: 20, name: "X", radio: true } }))).toBe("MISSING_PERMISSION");
      expect(code(await gql(viewer, DELETE, { ids: [24] }))).toBe("MISSING_PERMISSION");
      expect(code(await gql(viewer, SORT, { parent: 21, ids: [24] }))).toBe("MISSING_PERMISSION");
    });

    const codes = [...new Set(Object.values(NODE_FIELD_CODES)), "systemtree::enable_activity_control"] as const;
    it.each(codes)("%s opens exactly its fields", async (permission) => {
      // A fresh radio bed like node 24 for each code: the changes below alter it.
      const bed = (
        await gql(admin, CREATE, { data: { kind: "device", parent_id: 21, name: "Zimmer 102 Bett 9", radio: true, section_id: 1, inherit_section: true } })
      ).data?.["createSystemTreeNode"] as { id: number };
      const client = await clientWith(["systemtree::use_module", permission]);
      const expected = SYSTEM_TREE_NODE_INPUT_FIELDS.filter(
        (field) => NODE_FIELD_CODES[field] === permission || (field === "use_activity_control" && permission === "systemtree::enable_activity_control"),
      );
      expect((await node(bed.id, client))["editable_fields"]).toEqual(expected);
      // Making the bed technical or wired needs the rights for what it becomes (tested below);
      // switching activity control on needs enable_activity_control.
      const needMore = ["is_tech", "radio", ...(permission === "systemtree::change_activity_control" ? ["use_activity_control"] : [])];
      for (const field of SYSTEM_TREE_NODE_INPUT_FIELDS) {
        const result = await gql(client, UPDATE, { id: bed.id, data: { [field]: CHANGES[field] } });
        // Allowed fields pass the permission check (and may still meet a validation rule).
        if (expected.includes(field) && !needMore.includes(field)) expect({ field, code: code(result) }).not.toEqual({ field, code: "MISSING_PERMISSION" });
        else expect({ field, code: code(result) }).toEqual({ field, code: "MISSING_PERMISSION" });
      }
      await gql(admin, UPDATE, { id: bed.id, data: { linked_system_tree_node_id: null } });
      expect((await gql(admin, DELETE, { ids: [bed.id] })).errors).toBeUndefined();
    });

    it("making a device technical or wired needs the rights for what it becomes", async () => {
      const bed = (await gql(admin, CREATE, { data: { kind: "device", parent_id: 21, name: "Zimmer 102 Bett 8", radio: true } })).data?.[
        "createSystemTreeNode"
      ] as {
        id: number;
      };
      const tech = await clientWith(["systemtree::use_module", "systemtree::change_tech_devices"]);
      expect(code(await gql(tech, UPDATE, { id: bed.id, data: { is_tech: true } }))).toBe("MISSING_PERMISSION");
      const technician = await clientWith(["systemtree::use_module", "systemtree::change_tech_devices", "systemtree::see_tech_devices"]);
      expect((await gql(technician, UPDATE, { id: bed.id, data: { is_tech: true } })).errors).toBeUndefined();
      await gql(admin, UPDATE, { id: bed.id, data: { is_tech: false } });
      const editor = await clientWith(["systemtree::use_module", "systemtree::change_gets_attributes"]);
      expect(code(await gql(editor, UPDATE, { id: bed.id, data: { radio: false } }))).toBe("MISSING_PERMISSION");
      const wiring = await clientWith([
        "systemtree::use_module",
        "systemtree::change_gets_attributes",
        "systemtree::change_wired_devices",
        "systemtree::see_wired_devices",
      ]);
      expect((await gql(wiring, UPDATE, { id: bed.id, data: { radio: false } })).errors).toBeUndefined();
      await gql(admin, DELETE, { ids: [bed.id] });
    });

    it("a wired or technical device needs its class's code on top", async () => {
      const editor = await clientWith(["systemtree::use_module", "systemtree::see_tech_devices", "systemtree::change_gets_attributes"]);
      expect(code(await gql(editor, UPDATE, { id: 17, data: { comment: "Wartung 2027" } }))).toBe("MISSING_PERMISSION");
      const technician = await clientWith([
        "systemtree::use_module",
        "systemtree::see_tech_devices",
        "systemtree::change_gets_attributes",
        "systemtree::change_tech_devices",
      ]);
      expect((await gql(technician, UPDATE, { id: 17, data: { comment: "Wartung 2027" } })).errors).toBeUndefined();
    });

    it("creating and deleting need the class's create_delete code", async () => {
      const creator = await clientWith(["systemtree::use_module", "systemtree::create_delete_devices"]);
      const created = await gql(creator, CREATE, { data: { kind: "device", parent_id: 21, name: "Zimmer 102 Taster", radio: true } });
      expect(created.errors?.[0]?.extensions ?? null).toBeNull();
      const id = (created.data?.["createSystemTreeNode"] as { id: number }).id;
      // A field beyond kind, parent and name needs its own code.
      expect(code(await gql(creator, CREATE, { data: { kind: "device", parent_id: 21, name: "Mit Serie", radio: true, serial: "GS-1" } }))).toBe(
        "MISSING_PERMISSION",
      );
      // A wired device is not theirs to create.
      expect(code(await gql(creator, CREATE, { data: { kind: "device", parent_id: 21, name: "Kabel", radio: false } }))).toBe("MISSING_PERMISSION");
      const deleted = await gql(creator, DELETE, { ids: [id] });
      expect(deleted.errors?.[0]?.extensions ?? null).toBeNull();
    });
  });

  describe('call source group access (spec §6 "None, Read, Write (existing data), Full (create and delete)")', () => {
    const withGroupLevel = async (level: string, permissions: string[]): Promise<TestClient> => {
      const group = await gql(admin, `mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }`, {
        data: { name: `Zimmer 102 ${level}`, flag: "None", related_callsources: [102], timeout_minutes: 0 },
      });
      const groupId = (group.data?.["createCallSourceGroup"] as { id: number }).id;
      const user = await buildUser(server.db.kysely, { permissions });
      const role = await server.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
      await server.db.kysely
        .insertInto("role_callsource_group_permissions")
        .values({ role_id: role.role_id, system_id: 1, callsource_group_id: groupId, permission_level: level })
        .execute();
      const client = new TestClient(server.app);
      await client.login(user.username, user.password);
      return client;
    };
    const everything = ["systemtree::use_module", "systemtree::change_gets_attributes", "systemtree::create_delete_devices"];
    const visible = async (client: TestClient) => ((await gql(client, LIST)).data?.["systemTreeNodes"] as { id: number }[]).map((n) => n.id);

    it("Read shows the group's devices only, and changes nothing", async () => {
      const reader = await withGroupLevel("Read", everything);
      const ids = await visible(reader);
      expect(ids).toContain(24);
      expect(ids).not.toContain(23); // Zimmer 101: call source 101 is in none of the user's groups
      expect((await node(24, reader))["editable_fields"]).toEqual([]);
      expect(code(await gql(reader, UPDATE, { id: 24, data: { comment: "gelesen" } }))).toBe("MISSING_PERMISSION");
    });

    it("Write changes existing devices but creates none; Full creates and deletes", async () => {
      const writer = await withGroupLevel("Write", everything);
      expect((await gql(writer, UPDATE, { id: 24, data: { comment: "geschrieben" } })).errors).toBeUndefined();
      const data = { kind: "device", parent_id: 21, name: "Zimmer 102 Taste", radio: true, call_source_id: 102 };
      expect(code(await gql(writer, CREATE, { data }))).toBe("MISSING_PERMISSION");
      const full = await withGroupLevel("Full", [...everything]);
      const created = await gql(full, CREATE, { data });
      expect(created.errors).toBeUndefined();
      expect((await gql(full, DELETE, { ids: [(created.data?.["createSystemTreeNode"] as { id: number }).id] })).errors).toBeUndefined();
    });
  });

  describe("reachability history", () => {
    it("records what the call system reports and signals open trees", async () => {
      const pushes = server.pubsub.subscribe(systemTreeTopic(1)) as AsyncGenerator<SystemTreeSignal>;
      const pushed = pushes.next();
      await simulator.post("/api/devices/11/report", { reachable: false });
      expect((await pushed).value).toEqual({ system_id: 1, ids: [11] });
      await pushes.return(undefined);
      const history = await until(
        async () => (await node(11))["reachability_history"] as { to: string | null; reachable: boolean }[],
        (periods) => periods.length > 0,
      );
      expect(history.at(-1)).toMatchObject({ to: null, reachable: false });
      await simulator.post("/api/devices/11/report", { reachable: true });
      await until(
        async () => (await node(11))["reachability_history"] as { reachable: boolean }[],
        (periods) => periods.at(-1)?.reachable === true,
      );
    });

    it('shows the periods of the last 14 days (spec §9 "Reachability shown for 14 days")', async () => {
      const now = Date.now();
      const day = 86_400_000;
      await server.db.kysely
        .insertInto("device_reachability_history")
        .values([
          { system_id: 1, node_id: 27, from_at: now - 20 * day, to_at: now - 15 * day, reachable: 1 },
          { system_id: 1, node_id: 27, from_at: now - 15 * day, to_at: now - 2 * day, reachable: 0 },
          { system_id: 1, node_id: 27, from_at: now - 2 * day, to_at: null, reachable: 1 },
        ])
        .execute();
      expect((await node(27))["reachability_history"]).toEqual([
        { from: new Date(now - 15 * day).toISOString(), to: new Date(now - 2 * day).toISOString(), reachable: false },
        { from: new Date(now - 2 * day).toISOString(), to: null, reachable: true },
      ]);
    });
  });

  describe("device actions", () => {
    it("act only on devices the user sees", async () => {
      const operator = await clientWith(["systemtree::use_module", "systemtree::trigger_device_actions"]);
      expect(code(await gql(operator, ACTION, { action: { action: "Mute", deviceID: 17 } }))).toBe("MISSING_PERMISSION");
      const technician = await clientWith(["systemtree::use_module", "systemtree::trigger_device_actions", "systemtree::see_tech_devices"]);
      expect((await gql(technician, ACTION, { action: { action: "Mute", deviceID: 17 } })).errors?.[0]?.extensions?.["code"]).not.toBe("MISSING_PERMISSION");
    });

    it.each(["Mute", "Unmute", "IgnoreDefects", "Restart"])("%s reaches the call system with trigger_device_actions", async (action) => {
      const nurse = await clientWith(["systemtree::use_module"]);
      expect(code(await gql(nurse, ACTION, { action: { action, deviceID: 24 } }))).toBe("MISSING_PERMISSION");
      const operator = await clientWith(["systemtree::use_module", "systemtree::trigger_device_actions"]);
      const result = await gql(operator, ACTION, { action: { action, deviceID: 24 } });
      expect(result.errors).toBeUndefined();
      expect(result.data?.["sendDeviceAction"]).toEqual({ success: true });
    });
  });
});
