import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE_CHOICES_LIMIT } from "@caresuite/domain";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startLinkedSystem } from "../../test-support/linked-system.ts";
import type { TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

interface Choice {
  id: number;
  name: string;
  kind: string;
  parent_id: number | null;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
}
type Result = { data?: { systemTreeNodeChoices: Choice[] } | null; errors?: { extensions?: Record<string, unknown> }[] };

const CHOICES = `query ($purpose: SystemTreeNodeChoicePurpose!, $node_id: Int, $search: String, $include_id: Int) {
  systemTreeNodeChoices(purpose: $purpose, node_id: $node_id, search: $search, include_id: $include_id) {
    id name kind parent_id is_linkable linked_system_tree_node_id } }`;

describe.each(TEST_DIALECTS)("systemTreeNodeChoices (the node form's pickers) on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;
  const choices = async (client: TestClient, variables: Record<string, unknown>) => (await client.gql(CHOICES, variables)) as Result;
  const ids = (result: Result) => (result.data?.systemTreeNodeChoices ?? []).map((n) => n.id);
  const code = (result: Result) => result.errors?.[0]?.extensions?.["code"];

  beforeAll(async () => {
    ({ simulator, server, admin } = await startLinkedSystem(dialect));
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("offers a room every parent but itself and what lies below it (spec §5 parent cycle)", async () => {
    const offered = ids(await choices(admin, { purpose: "PARENT", node_id: 20 }));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(NODE_CHOICES_LIMIT);
    expect(offered).not.toContain(20);
    expect(offered).not.toContain(23); // a bed of Zimmer 101
    const floors = await choices(admin, { purpose: "PARENT", node_id: 20, search: " 1. og " });
    expect(floors.data?.systemTreeNodeChoices.map((n) => n.name)).toContain("1. OG");
  });

  it("narrows by the typed text and lists the current value first", async () => {
    const found = await choices(admin, { purpose: "PARENT", node_id: null, search: "zimmer 10", include_id: 1 });
    const list = found.data?.systemTreeNodeChoices ?? [];
    expect(list[0]?.id).toBe(1);
    expect(list.slice(1).every((n) => n.name.toLowerCase().includes("zimmer 10"))).toBe(true);
    expect(list.length).toBeGreaterThan(1);
  });

  it('offers link targets only that are linkable and do not link on ("linked_system_tree_node_chain")', async () => {
    const targets = (await choices(admin, { purpose: "LINK", node_id: 23 })).data?.systemTreeNodeChoices ?? [];
    expect(targets.every((n) => n.is_linkable && n.linked_system_tree_node_id === null && n.id !== 23)).toBe(true);
  });

  it.each([
    ["a NUL byte", "a\u0000b", "validation.control_characters"],
    ["101 characters", "x".repeat(101), "validation.max_length"],
  ])("refuses %s in the typed text with a field error", async (_name, search, message) => {
    const refused = await choices(admin, { purpose: "PARENT", search });
    expect(code(refused)).toBe("VALIDATION");
    expect(JSON.stringify(refused.errors?.[0]?.extensions)).toContain(message);
  });

  it("answers MISSING_AUTH anonymously and MISSING_PERMISSION without the tree module", async () => {
    expect(code(await choices(new TestClient(server.app), { purpose: "PARENT" }))).toBe("MISSING_AUTH");
    const user = await buildUser(server.db.kysely, { permissions: ["calls::use_module"] });
    const nurse = new TestClient(server.app);
    await nurse.login(user.username, user.password);
    expect(code(await choices(nurse, { purpose: "PARENT" }))).toBe("MISSING_PERMISSION");
  });

  it("does not offer nodes the user may not see, even as the current value", async () => {
    const user = await buildUser(server.db.kysely, { permissions: ["systemtree::use_module"] });
    const limited = new TestClient(server.app);
    await limited.login(user.username, user.password);
    const tree = async (client: TestClient) =>
      ((await client.gql(`{ systemTreeNodes { id } }`)) as { data?: { systemTreeNodes: { id: number }[] } }).data?.systemTreeNodes.map((n) => n.id) ?? [];
    const visible = await tree(limited);
    const hidden = (await tree(admin)).filter((id) => !visible.includes(id));
    expect(hidden.length).toBeGreaterThan(0); // wired and technical devices need see_* permissions
    for (const id of hidden.slice(0, 5)) {
      const seen = ids(await choices(limited, { purpose: "PARENT", search: `#${id}`, include_id: id }));
      expect(seen).toEqual([]);
    }
    const offered = ids(await choices(limited, { purpose: "PARENT" }));
    expect(offered.filter((id) => !visible.includes(id))).toEqual([]);
  });
});
