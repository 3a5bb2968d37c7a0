import { describe, expect, it } from "vitest";
import { linkTargets, parentCandidates, type PickableNode } from "./node-pickers";

const node = (id: number, parent_id: number | null, extra: Partial<PickableNode> = {}): PickableNode => ({
  id,
  name: `N${id}`,
  parent_id,
  is_linkable: false,
  linked_system_tree_node_id: null,
  ...extra,
});

const tree = [node(1, null), node(2, 1), node(3, 2), node(4, 1, { is_linkable: true }), node(5, null, { is_linkable: true, linked_system_tree_node_id: 4 })];

describe("parent picker", () => {
  it("offers neither the node nor anything below it (no cycles)", () => {
    expect(parentCandidates(tree, 2).map((n) => n.id)).toEqual([1, 4, 5]);
  });
  it("offers every node for a new one", () => {
    expect(parentCandidates(tree, null)).toHaveLength(5);
  });
});

describe('linked node picker (spec "a device with linked devices cannot itself be linked")', () => {
  it("offers linkable nodes that are not linked themselves, never the node itself", () => {
    expect(linkTargets(tree, 3).map((n) => n.id)).toEqual([4]);
    expect(linkTargets(tree, 4).map((n) => n.id)).toEqual([]);
  });
});
