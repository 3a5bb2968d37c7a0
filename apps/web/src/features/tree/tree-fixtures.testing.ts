import type { TreeNode } from "./tree-model";

/** A node with neutral defaults for tests. */
export function treeNode(id: number, parent_id: number | null, name: string, extra: Partial<TreeNode> = {}): TreeNode {
  return {
    id,
    name,
    kind: "room",
    number: null,
    parent_id,
    sort_order: 999,
    section_id: null,
    is_enabled: true,
    text_long: name,
    text_short: "",
    battery: null,
    battery_reported_at: null,
    reachable: true,
    last_reachable_at: null,
    is_tech: false,
    radio: false,
    is_linkable: false,
    linked_system_tree_node_id: null,
    serial: null,
    inherits: false,
    ...extra,
  };
}

/** Building 1 > Floor 2 > Rooms 101 (bed devices 4, 5) and 102; a second building 6. */
export const SAMPLE: TreeNode[] = [
  treeNode(1, null, "Haus A", { kind: "building", sort_order: 1 }),
  treeNode(2, 1, "Etage 1", { kind: "floor" }),
  treeNode(3, 2, "Zimmer 101", { sort_order: 1 }),
  treeNode(4, 3, "Bett 1", { kind: "device", sort_order: 1, battery: 30, serial: "AB-77" }),
  treeNode(5, 3, "Bett 2", { kind: "device", sort_order: 2, battery: 80, reachable: false }),
  treeNode(7, 2, "Zimmer 102", { sort_order: 2 }),
  treeNode(6, null, "Haus B", { kind: "building", sort_order: 2 }),
];
