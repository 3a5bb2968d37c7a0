import { describe, expect, it } from "vitest";
import { inheritedFields, linkProblem, parentChain, parentProblem, resolveInheritance, type InheritingNode } from "./node-inheritance.ts";

const node = (id: number, parent_id: number | null, extra: Partial<InheritingNode> = {}): InheritingNode => ({
  id,
  parent_id,
  section_id: id * 10,
  text_long: `LONG ${id}`,
  text_short: `S${id}`,
  flight_profile_id: id * 100,
  inherit_section: false,
  inherit_text_long: false,
  inherit_text_short: false,
  inherit_flight_profile: false,
  ...extra,
});

const tree = (...nodes: InheritingNode[]) => new Map(nodes.map((n) => [n.id, n]));

describe('spec §3.6 "inherit flags for section, text_long, text_short, flight profile"', () => {
  const building = node(1, null);
  const floor = node(2, 1, { inherit_section: true });
  const room = node(3, 2, { inherit_section: true, inherit_flight_profile: true });
  const bed = node(4, 3, { inherit_section: true, inherit_text_long: true, inherit_text_short: false, inherit_flight_profile: true });
  const all = tree(building, floor, room, bed);

  it.each([
    ["own values without flags", building, { section_id: 10, text_long: "LONG 1", text_short: "S1", flight_profile_id: 100 }],
    [
      "section from the nearest parent stating it (two inheriting levels up)",
      bed,
      { section_id: 10, text_long: "LONG 3", text_short: "S4", flight_profile_id: 200 },
    ],
    ["each flag on its own", room, { section_id: 10, text_long: "LONG 3", text_short: "S3", flight_profile_id: 200 }],
  ])("%s", (_name, subject, expected) => {
    expect(resolveInheritance(subject, all)).toEqual(expected);
  });

  it('spec §9 "parent chain depth 10": a value more than ten levels up is not reached; the own value stands', () => {
    const nodes = [node(1, null)];
    for (let id = 2; id <= 12; id++) nodes.push(node(id, id - 1, { inherit_section: true }));
    const byId = tree(...nodes);
    expect(resolveInheritance(byId.get(11) as InheritingNode, byId).section_id).toBe(10); // ten levels up: found
    expect(resolveInheritance(byId.get(12) as InheritingNode, byId).section_id).toBe(120); // eleven: own value
    expect(parentChain(byId.get(12) as InheritingNode, byId)).toHaveLength(10);
  });

  it("a cycle ends the chain instead of looping", () => {
    const byId = tree(node(1, 2, { inherit_section: true }), node(2, 1, { inherit_section: true }));
    expect(resolveInheritance(byId.get(1) as InheritingNode, byId).section_id).toBe(10);
  });

  it("names the inherited fields", () => {
    expect(inheritedFields(bed)).toEqual(["section_id", "text_long", "flight_profile_id"]);
  });
});

describe("parents: no cycles, at most ten levels", () => {
  const chain = tree(node(1, null), node(2, 1), node(3, 2), node(4, 3));
  it.each([
    ["a node under a sibling branch", 4, 1, null],
    ["a new node", null, 4, null],
    ["the node itself", 2, 2, "cycle"],
    ["a node below it", 2, 4, "cycle"],
    ["an unknown parent", 2, 99, "unknown_parent"],
  ] as const)("%s", (_name, id, parent, expected) => {
    expect(parentProblem(id, parent, chain)).toBe(expected);
  });

  it("an eleventh level is too deep", () => {
    const nodes = [node(1, null)];
    for (let id = 2; id <= 10; id++) nodes.push(node(id, id - 1));
    const byId = tree(...nodes);
    expect(parentProblem(null, 9, byId)).toBeNull(); // the new node has parents 9..1: nine
    expect(parentProblem(null, 10, byId)).toBeNull(); // ten
    byId.set(11, node(11, 10));
    expect(parentProblem(null, 11, byId)).toBe("too_deep"); // eleven
  });
});

describe('spec §5 "linked_system_tree_node_chain: a device with linked devices cannot itself be linked"', () => {
  const links = new Map(
    [
      { id: 1, is_linkable: true, linked_system_tree_node_id: null },
      { id: 2, is_linkable: true, linked_system_tree_node_id: 1 },
      { id: 3, is_linkable: false, linked_system_tree_node_id: null },
      { id: 4, is_linkable: true, linked_system_tree_node_id: null },
    ].map((n) => [n.id, n]),
  );
  it.each([
    ["a plain link", 4, 1, null],
    ["to a node that links on", 4, 2, "chain"],
    ["a node others link to", 1, 4, "chain"],
    ["to itself", 4, 4, "self"],
    ["to a node that is not linkable", 4, 3, "not_linkable"],
    ["to an unknown node", 4, 99, "unknown"],
  ] as const)("%s", (_name, id, target, expected) => {
    expect(linkProblem(id, target, links)).toBe(expected);
  });
});
