import { PARENT_CHAIN_DEPTH } from "../constants.ts";

/**
 * spec data §3.6: "inherit flags for section, text_long, text_short, flight profile" and
 * "parent chain up to ten levels". A node with a flag set takes the value of the nearest parent
 * that states its own (does not inherit it too), at most ten levels up.
 */

export interface InheritingNode {
  id: number;
  parent_id: number | null;
  section_id: number | null;
  text_long: string;
  text_short: string;
  flight_profile_id: number | null;
  inherit_section: boolean;
  inherit_text_long: boolean;
  inherit_text_short: boolean;
  inherit_flight_profile: boolean;
}

export interface ResolvedNodeValues {
  section_id: number | null;
  text_long: string;
  text_short: string;
  flight_profile_id: number | null;
}

/** Which flag governs which value. */
export const INHERITED_VALUES = {
  section_id: "inherit_section",
  text_long: "inherit_text_long",
  text_short: "inherit_text_short",
  flight_profile_id: "inherit_flight_profile",
} as const satisfies Record<keyof ResolvedNodeValues, keyof InheritingNode>;

export type InheritableField = keyof typeof INHERITED_VALUES;

/** The parents of a node, direct parent first, at most `depth` of them; a cycle ends the chain. */
export function parentChain<N extends { id: number; parent_id: number | null }>(node: N, byId: ReadonlyMap<number, N>, depth = PARENT_CHAIN_DEPTH): N[] {
  const chain: N[] = [];
  const seen = new Set([node.id]);
  for (let parent = node.parent_id === null ? undefined : byId.get(node.parent_id); parent && chain.length < depth;) {
    if (seen.has(parent.id)) break;
    seen.add(parent.id);
    chain.push(parent);
    parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
  }
  return chain;
}

/**
 * The values a node shows after inheritance. When no parent within ten levels states the value,
 * the node's own stored value stands (an inheritance the chain cannot answer is not invented).
 */
export function resolveInheritance(node: InheritingNode, byId: ReadonlyMap<number, InheritingNode>): ResolvedNodeValues {
  const chain = parentChain(node, byId);
  const resolve = <F extends InheritableField>(field: F): ResolvedNodeValues[F] => {
    if (!node[INHERITED_VALUES[field]]) return node[field];
    const source = chain.find((parent) => !parent[INHERITED_VALUES[field]]);
    return (source ?? node)[field];
  };
  return {
    section_id: resolve("section_id"),
    text_long: resolve("text_long"),
    text_short: resolve("text_short"),
    flight_profile_id: resolve("flight_profile_id"),
  };
}

/** The values a node takes from its parents (its flags set): they are shown, not edited. */
export function inheritedFields(node: Pick<InheritingNode, (typeof INHERITED_VALUES)[InheritableField]>): InheritableField[] {
  return (Object.keys(INHERITED_VALUES) as InheritableField[]).filter((field) => node[INHERITED_VALUES[field]]);
}

/** True when a node inherits any value (spec §5 "inheriting devices cannot be moved"). */
export function inheritsAny(node: Pick<InheritingNode, (typeof INHERITED_VALUES)[InheritableField]>): boolean {
  return inheritedFields(node).length > 0;
}

/**
 * True when `parentId` as the parent of `nodeId` would close a cycle (the new parent is the node
 * or lies below it), or would make the chain from the new parent longer than the tree allows.
 */
export function parentProblem(
  nodeId: number | null,
  parentId: number,
  byId: ReadonlyMap<number, { id: number; parent_id: number | null }>,
): "cycle" | "too_deep" | "unknown_parent" | null {
  const parent = byId.get(parentId);
  if (!parent) return "unknown_parent";
  if (parentId === nodeId) return "cycle";
  const chain = parentChain(parent, byId, Number.POSITIVE_INFINITY);
  if (nodeId !== null && chain.some((n) => n.id === nodeId)) return "cycle";
  // The last link of the chain pointing back into it is a cycle the tree already holds.
  const top = chain.at(-1) ?? parent;
  if (top.parent_id !== null && byId.has(top.parent_id)) return "cycle";
  // The node sits one below its parent; the parent chain of the node may hold ten.
  return chain.length + 1 > PARENT_CHAIN_DEPTH ? "too_deep" : null;
}

/**
 * spec §5 "linked_system_tree_node_chain: a device with linked devices cannot itself be linked".
 * Links are one step: the target may not link on, and a node others link to may not link.
 */
export function linkProblem(
  nodeId: number | null,
  targetId: number,
  nodes: ReadonlyMap<number, { id: number; is_linkable: boolean; linked_system_tree_node_id: number | null }>,
): "chain" | "self" | "not_linkable" | "unknown" | null {
  const target = nodes.get(targetId);
  if (!target) return "unknown";
  if (targetId === nodeId) return "self";
  if (target.linked_system_tree_node_id !== null) return "chain";
  if (nodeId !== null && [...nodes.values()].some((n) => n.linked_system_tree_node_id === nodeId)) return "chain";
  return target.is_linkable ? null : "not_linkable";
}
