import { linkProblem, parentProblem } from "@caresuite/domain";

/** What the pickers need of a node (contract SystemTreeNodeSummary). */
export interface PickableNode {
  id: number;
  name: string;
  parent_id: number | null;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
}

/** Nodes that may become the parent of `nodeId` (the domain's rule: no cycle, at most ten levels). */
export function parentCandidates<T extends PickableNode>(nodes: readonly T[], nodeId: number | null): T[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes.filter((node) => parentProblem(nodeId, node.id, byId) === null);
}

/**
 * Nodes `nodeId` may be linked to (spec data §5 "linked_system_tree_node_chain: a device with
 * linked devices cannot itself be linked", the domain's linkProblem).
 */
export function linkTargets<T extends PickableNode>(nodes: readonly T[], nodeId: number | null): T[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes.filter((node) => linkProblem(nodeId, node.id, byId) === null);
}
