import { describe, expect, it } from "vitest";
import { connectionRows } from "./connections";
import { treeNode } from "./tree-fixtures.testing";
import { indexTree } from "./tree-model";

describe("connectionRows", () => {
  it("lists devices with their linked device and connection kind, linked first", () => {
    const index = indexTree([
      treeNode(1, null, "Zimmer 101"),
      treeNode(2, 1, "Ruf", { kind: "device", radio: true }),
      treeNode(3, 1, "Zug", { kind: "device", linked_system_tree_node_id: 5 }),
      treeNode(4, null, "Technik"),
      treeNode(5, 4, "Relais", { kind: "tech", is_tech: true }),
      treeNode(6, 1, "Lost link", { kind: "device", linked_system_tree_node_id: 99 }),
    ]);
    expect(connectionRows(index).map((row) => [row.node.name, row.linked?.name ?? null, row.linkedPlace, row.connection])).toEqual([
      ["Zug", "Relais", "Technik", "wired"],
      ["Relais", null, "", "tech"],
      ["Lost link", null, "", "wired"],
      ["Ruf", null, "", "radio"],
    ]);
  });
});
