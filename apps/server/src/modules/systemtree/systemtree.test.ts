import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import type { TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import { startLinkedSystem, until } from "../../test-support/linked-system.ts";

interface NodeSummary {
  id: number;
  name: string;
  kind: string;
}
interface NodeResult {
  id: number;
  linking_nodes: { id: number }[];
  node: NodeSummary & { text_long: string };
  open_calls: { number: number; call_type_id: number }[];
  children: NodeSummary[];
  parents: NodeSummary[];
  edit_state: { blocked_by: string[]; can_edit: boolean; can_delete: boolean; can_move: boolean };
}

const NODE_QUERY = `query ($id: Int!) { systemTreeNode(id: $id) {
  id node { id name kind text_long } open_calls { number call_type_id }
  children { id name kind } parents { id name kind } linking_nodes { id }
  edit_state { blocked_by can_edit can_delete can_move } } }`;

describe.each(TEST_DIALECTS)("SystemTreeNode(id) on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;

  const setDemoMode = async (on: boolean): Promise<void> => {
    const state = await readAppState(server.db.kysely);
    await updateAppState(server.db.kysely, { features: { ...state.features, demo_mode: on } }, Date.now());
  };
  const node = async (client: TestClient, id: number) => client.gql<{ systemTreeNode: NodeResult }>(NODE_QUERY, { id });

  beforeAll(async () => {
    ({ simulator, server, admin } = await startLinkedSystem(dialect));
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("returns a room with its devices as children and its parents up to the building", async () => {
    const room = (await admin.gql<{ systemTreeNode: NodeResult }>(NODE_QUERY, { id: 20 })).data?.systemTreeNode;
    expect(room?.node).toMatchObject({ id: 20, name: "Zimmer 101", kind: "room" });
    expect(room?.children.map((c) => c.id)).toContain(23);
    expect(room?.parents.length).toBeGreaterThanOrEqual(1);
    // Direct parent first: the floor of Zimmer 101.
    expect(room?.parents[0]?.name).toBe("1. OG");
    // A room with children cannot be deleted (spec §5), but may be edited while calm.
    expect(room?.edit_state).toEqual({ blocked_by: [], can_edit: true, can_delete: false, can_move: true });
  });

  it("lists the open calls of the node and of the devices below it, and blocks editing while they are open", async () => {
    await simulator.press(23, "alert");
    const device = await until(
      async () => (await node(admin, 23)).data?.systemTreeNode,
      (n) => (n?.open_calls.length ?? 0) > 0,
    );
    expect(device?.open_calls.every((c) => c.number === 23)).toBe(true);
    expect(device?.edit_state.blocked_by).toEqual(["open_calls"]);
    expect(device?.edit_state.can_edit).toBe(false);

    // The room sees its bed's call too; another room does not.
    expect((await node(admin, 20)).data?.systemTreeNode.open_calls.map((c) => c.number)).toContain(23);
    expect((await node(admin, 21)).data?.systemTreeNode.open_calls.map((c) => c.number) ?? []).not.toContain(23);

    await simulator.press(23, "cancel");
    await until(
      async () => (await node(admin, 23)).data?.systemTreeNode.open_calls.length,
      (n) => n === 0,
    );
  });

  it("answers NOT_FOUND for an unknown node", async () => {
    const result = await node(admin, 999_999);
    expect(result.errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
  });

  it("is open to anonymous visitors only in demo mode (the public /demo screen polls it)", async () => {
    const anonymous = new TestClient(server.app);
    await setDemoMode(false);
    expect((await node(anonymous, 23)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
    await setDemoMode(true);
    expect((await node(anonymous, 23)).data?.systemTreeNode.id).toBe(23);
    await setDemoMode(false);
  });

  it("refuses signed-in users without systemtree::use_module outside demo mode", async () => {
    const nurse = await buildUser(server.db.kysely, { username: "nurse", permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    await client.login(nurse.username, nurse.password);
    expect((await node(client, 23)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
  });

  describe('devices the user may not see (spec §6 "see_tech_devices, see_wired_devices", call source group None)', () => {
    const ids = (list: { id: number }[] | undefined) => (list ?? []).map((n) => n.id);
    const limitedClient = async (levels: { callSource: number; level: string }[] = []): Promise<TestClient> => {
      const user = await buildUser(server.db.kysely, { permissions: ["systemtree::use_module"] });
      const role = await server.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
      for (const { callSource, level } of levels) {
        const group = await admin.gql<{ createCallSourceGroup: { id: number } }>(
          `mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }`,
          { data: { name: `Gruppe ${callSource} ${level} ${user.id}`, flag: "None", related_callsources: [callSource], timeout_minutes: 0 } },
        );
        const groupId = group.data?.createCallSourceGroup.id;
        if (groupId === undefined) throw new Error(JSON.stringify(group.errors));
        await server.db.kysely
          .insertInto("role_callsource_group_permissions")
          .values({ role_id: role.role_id, system_id: 1, callsource_group_id: groupId, permission_level: level })
          .execute();
      }
      const client = new TestClient(server.app);
      await client.login(user.username, user.password);
      return client;
    };

    it("leaves technical and wired devices out of children and linking nodes", async () => {
      const nurse = await limitedClient();
      // Haus A holds the lift alarm (technical), the nurses' station its corridor display (wired).
      expect(ids((await node(admin, 1)).data?.systemTreeNode.children)).toContain(18);
      expect(ids((await node(nurse, 1)).data?.systemTreeNode.children)).not.toContain(18);
      expect(ids((await node(admin, 7)).data?.systemTreeNode.children)).toContain(8);
      expect(ids((await node(nurse, 7)).data?.systemTreeNode.children)).toEqual([]);
      // The wired display linked to a bed: the admin sees it link, the nurse only the bathroom.
      const linked = await admin.gql(`mutation { updateSystemTreeNode(id: 8, data: { linked_system_tree_node_id: 23 }) { id } }`);
      expect(linked.errors).toBeUndefined();
      expect(ids((await node(admin, 23)).data?.systemTreeNode.linking_nodes).sort()).toEqual([26, 8].sort());
      expect(ids((await node(nurse, 23)).data?.systemTreeNode.linking_nodes)).toEqual([26]);
      await admin.gql(`mutation { updateSystemTreeNode(id: 8, data: { linked_system_tree_node_id: null }) { id } }`);
    });

    it("does not list the open calls of a hidden device on its visible building", async () => {
      const nurse = await limitedClient();
      await simulator.press(18, "alert");
      await until(
        async () => (await node(admin, 1)).data?.systemTreeNode.open_calls.map((c) => c.number) ?? [],
        (numbers) => numbers.includes(18),
      );
      const building = (await node(nurse, 1)).data?.systemTreeNode;
      expect(building?.open_calls.map((c) => c.number)).not.toContain(18);
      await simulator.press(18, "cancel");
      await until(
        async () => (await node(admin, 1)).data?.systemTreeNode.open_calls.length,
        (n) => n === 0,
      );
    });

    it("hides the rooms and devices of a call source group with level None", async () => {
      const limited = await limitedClient([
        { callSource: 101, level: "None" },
        { callSource: 102, level: "Read" },
      ]);
      const floor = (await node(limited, 2)).data?.systemTreeNode;
      expect(ids(floor?.children)).toContain(21);
      expect(ids(floor?.children)).not.toContain(20);
      expect((await node(limited, 20)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");

      await simulator.press(23, "alert");
      await until(
        async () => (await node(admin, 2)).data?.systemTreeNode.open_calls.map((c) => c.number) ?? [],
        (numbers) => numbers.includes(23),
      );
      expect((await node(limited, 2)).data?.systemTreeNode.open_calls.map((c) => c.number)).not.toContain(23);
      await simulator.press(23, "cancel");
      await until(
        async () => (await node(admin, 23)).data?.systemTreeNode.open_calls.length,
        (n) => n === 0,
      );
    });
  });
});
