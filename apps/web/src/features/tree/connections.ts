import { monitoredKind, type MonitoredKind } from "@caresuite/domain";
import { isDeviceKind, parentName, type TreeIndex, type TreeNode } from "./tree-model";

export interface ConnectionRow {
  node: TreeNode;
  place: string;
  /** The linked device (linked_system_tree_node_id), null when none or not visible. */
  linked: TreeNode | null;
  linkedPlace: string;
  /** "connection kind (wired/radio/tech)". */
  connection: MonitoredKind;
}

/** Every device with its linked device and connection kind, by place and name; linked ones first. */
export function connectionRows(index: TreeIndex): ConnectionRow[] {
  const rows: ConnectionRow[] = [];
  for (const node of index.byId.values()) {
    if (!isDeviceKind(node.kind)) continue;
    const linked = node.linked_system_tree_node_id === null ? null : (index.byId.get(node.linked_system_tree_node_id) ?? null);
    rows.push({ node, place: parentName(index, node), linked, linkedPlace: linked ? parentName(index, linked) : "", connection: monitoredKind(node) });
  }
  return rows.sort(
    (a, b) =>
      Number(b.linked !== null) - Number(a.linked !== null) ||
      a.place.localeCompare(b.place) ||
      a.node.name.localeCompare(b.node.name) ||
      a.node.id - b.node.id,
  );
}
