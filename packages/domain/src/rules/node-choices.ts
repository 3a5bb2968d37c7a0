import { linkProblem, parentProblem } from "./node-inheritance.ts";
import { VALIDATION_KEYS } from "../validation-messages.ts";
import { hasUnsafeCharacters } from "./input-safety.ts";
import { SEARCH_QUERY_MAX } from "./search.ts";
import { CALL_FILTER_LIST_MAX } from "../call-filter-schema.ts";

/** What the node form's pickers choose: the node's parent or the node it is linked to. */
export const NODE_CHOICE_PURPOSES = ["PARENT", "LINK"] as const;
export type NodeChoicePurpose = (typeof NODE_CHOICE_PURPOSES)[number];

/** How many nodes a picker lists at once: it narrows by typing, the tree holds tens of thousands. */
export const NODE_CHOICES_LIMIT = 50;
/** The most current values a picker names first (the call log's node filter: a saved filter's node_ids). */
export const NODE_CHOICES_INCLUDE_LIMIT = CALL_FILTER_LIST_MAX;

export interface ChoosableNode {
  id: number;
  name: string;
  text_long: string;
  number: number | null;
  parent_id: number | null;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
}

/** True when `node` matches the typed text: its name or long text contains it, or it is "#id" / the number. */
export function matchesChoiceText(node: ChoosableNode, needle: string): boolean {
  if (needle === "") return true;
  const bare = needle.startsWith("#") ? needle.slice(1) : needle;
  if (/^\d+$/.test(bare) && (String(node.id) === bare || String(node.number ?? "") === bare)) return true;
  return node.name.toLowerCase().includes(needle) || node.text_long.toLowerCase().includes(needle);
}

/**
 * The nodes a picker offers for `nodeId` (null: a new node), matching `needle` (lower case),
 * by name, at most `limit`:
 * - PARENT: spec data §5 parent rules (no cycle, "parent chain up to ten levels"), the domain's parentProblem;
 * - LINK: spec data §5 "linked_system_tree_node_chain: a device with linked devices cannot itself
 *   be linked", the domain's linkProblem. A node others link to gets no link target at all.
 * `nodes` are the nodes the user may see; the rules look at the whole tree (`tree`).
 */
export function nodeChoices<T extends ChoosableNode>(
  purpose: NodeChoicePurpose,
  nodeId: number | null,
  needle: string,
  nodes: readonly T[],
  tree: ReadonlyMap<number, ChoosableNode>,
  limit = NODE_CHOICES_LIMIT,
): T[] {
  const linkedTo = purpose === "LINK" && nodeId !== null && [...tree.values()].some((n) => n.linked_system_tree_node_id === nodeId);
  // A node others link to may not link itself (the rule's second half, asked once, not per target).
  if (linkedTo) return [];
  const allowed = (node: T): boolean =>
    purpose === "PARENT" ? parentProblem(nodeId, node.id, tree) === null : node.id !== nodeId && linkProblem(null, node.id, tree) === null;
  return firstByName(
    nodes.filter((node) => matchesChoiceText(node, needle) && allowed(node)),
    limit,
  );
}

const collator = new Intl.Collator("de", { numeric: true, sensitivity: "base" });
const byName = (a: ChoosableNode, b: ChoosableNode): number => collator.compare(a.name, b.name) || a.id - b.id;

/** The first `limit` nodes by name ("Zimmer 2" before "Zimmer 10"), without sorting all of them. */
export function firstByName<T extends ChoosableNode>(nodes: readonly T[], limit: number): T[] {
  const kept: T[] = [];
  for (const node of nodes) {
    if (kept.length === limit && byName(node, kept[limit - 1] as T) >= 0) continue;
    let at = kept.length;
    while (at > 0 && byName(node, kept[at - 1] as T) < 0) at -= 1;
    kept.splice(at, 0, node);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

export type ChoiceTextCheck = { ok: true; needle: string } | { ok: false; message: string; data: Record<string, unknown> };

/** A picker's typed text: trimmed, may be empty (the first nodes by name), at most SEARCH_QUERY_MAX, no control characters. */
export function checkChoiceText(raw: string | null | undefined): ChoiceTextCheck {
  const text = (raw ?? "").trim();
  if (hasUnsafeCharacters(text)) return { ok: false, message: VALIDATION_KEYS.format, data: { field: "search" } };
  if (text.length > SEARCH_QUERY_MAX) return { ok: false, message: VALIDATION_KEYS.max_length, data: { field: "search", max: SEARCH_QUERY_MAX } };
  return { ok: true, needle: text.toLowerCase() };
}
