import { describe, expect, it } from "vitest";
import { PARENT_CHAIN_DEPTH } from "../constants.ts";
import { checkChoiceText, firstByName, matchesChoiceText, nodeChoices, type ChoosableNode } from "./node-choices.ts";

const node = (id: number, parent_id: number | null, extra: Partial<ChoosableNode> = {}): ChoosableNode => ({
  id,
  name: `Node ${id}`,
  text_long: "",
  number: null,
  parent_id,
  is_linkable: false,
  linked_system_tree_node_id: null,
  ...extra,
});

// Building 1 > floor 2 > room 3 > beds 4 and 5; bed 5 links to button 6 (linkable); 7 is a linkable pager.
const nodes = [
  node(1, null, { name: "Haus A" }),
  node(2, 1, { name: "Etage 1" }),
  node(3, 2, { name: "Zimmer 10", text_long: "ZIMMER ZEHN", number: 310 }),
  node(4, 3, { name: "Bett 1" }),
  node(5, 3, { name: "Bett 2", linked_system_tree_node_id: 6 }),
  node(6, 1, { name: "Taster Flur", is_linkable: true }),
  node(7, 1, { name: "Pager", is_linkable: true }),
];
const tree = new Map(nodes.map((n) => [n.id, n]));
const ids = (list: readonly ChoosableNode[]) => list.map((n) => n.id);

describe("the node form's pickers offer only what the rules allow", () => {
  it.each([
    ["a new node may go below any node", "PARENT", null, "", [4, 5, 2, 1, 7, 6, 3]],
    ["a room may not go below itself or its beds (spec §5 parent cycle)", "PARENT", 3, "", [2, 1, 7, 6]],
    ["the typed text narrows by name", "PARENT", null, "bett", [4, 5]],
    ["the typed text finds the long text", "PARENT", null, "zehn", [3]],
    ["#id finds the node by id", "PARENT", null, "#6", [6]],
    ["a number finds the node by its number", "PARENT", null, "310", [3]],
    ['LINK: only linkable targets that do not link on (spec §5 "linked_system_tree_node_chain")', "LINK", 4, "", [7, 6]],
    ["LINK: not to itself", "LINK", 7, "", [6]],
    ["LINK: a node others link to gets no target", "LINK", 6, "", []],
  ] as const)("%s", (_name, purpose, nodeId, needle, expected) => {
    expect(ids(nodeChoices(purpose, nodeId, needle, nodes, tree))).toEqual(expected);
  });

  it(`refuses parents whose chain would exceed ${PARENT_CHAIN_DEPTH} levels`, () => {
    const chain = Array.from({ length: PARENT_CHAIN_DEPTH + 1 }, (_, i) => node(i + 1, i === 0 ? null : i));
    const offered = ids(nodeChoices("PARENT", null, "", chain, new Map(chain.map((n) => [n.id, n]))));
    expect(offered).not.toContain(PARENT_CHAIN_DEPTH + 1);
    expect(offered).toContain(PARENT_CHAIN_DEPTH);
  });

  it("offers only the visible nodes it is given, checking the rules on the whole tree", () => {
    const visible = nodes.filter((n) => n.id !== 7);
    expect(ids(nodeChoices("LINK", 4, "", visible, tree))).toEqual([6]);
  });

  it("lists at most the limit, the first by name with numbers in order", () => {
    const rooms = Array.from({ length: 30 }, (_, i) => node(100 + i, null, { name: `Zimmer ${30 - i}` }));
    expect(firstByName(rooms, 3).map((n) => n.name)).toEqual(["Zimmer 1", "Zimmer 2", "Zimmer 3"]);
    expect(nodeChoices("PARENT", null, "zimmer", rooms, new Map(rooms.map((n) => [n.id, n])), 5)).toHaveLength(5);
  });

  it.each([
    ["", true],
    ["haus", true],
    ["#1", true],
    ["#12", false],
    ["xyz", false],
  ])("matchesChoiceText(Haus A #1, %j) is %s", (needle, expected) => {
    expect(matchesChoiceText(nodes[0] as ChoosableNode, needle)).toBe(expected);
  });
});

describe("the picker's typed text (trimmed, like the search: at most 100 characters, no control characters)", () => {
  it.each([
    ["  Bett ", { ok: true, needle: "bett" }],
    ["", { ok: true, needle: "" }],
    [null, { ok: true, needle: "" }],
    ["a\u0000b", { ok: false, message: "validation.format", data: { field: "search" } }],
    ["x".repeat(101), { ok: false, message: "validation.max_length", data: { field: "search", max: 100 } }],
  ] as const)("%j", (raw, expected) => {
    expect(checkChoiceText(raw)).toEqual(expected);
  });
});
