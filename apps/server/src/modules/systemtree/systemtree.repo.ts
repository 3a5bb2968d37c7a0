import { PARENT_CHAIN_DEPTH } from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database, SystemTreeNodesTable } from "../../db/schema.ts";

export type StoredNode = Selectable<SystemTreeNodesTable>;

export type SubtreeRow = Pick<StoredNode, "id" | "parent_id" | "kind" | "is_tech" | "radio" | "call_source_id">;

export interface NodeNeighbourhood {
  node: StoredNode;
  /** From the direct parent upwards. */
  parents: StoredNode[];
  children: StoredNode[];
  /** The node and every node below it: the devices whose calls belong to the node. */
  subtreeIds: Set<number>;
  /** The nodes of subtreeIds, with what decides who may see them. */
  subtree: SubtreeRow[];
}

/**
 * One node with its parents, children and subtree. The (id, parent_id) pairs of the whole tree, with
 * the columns that decide visibility, are read once: simpler than recursive SQL that differs between SQLite and PostgreSQL. Whole rows are
 * read only for the node, its parents and its children: at 20,000 nodes reading every whole row
 * cost about 80 ms per form opened (bench/tree.ts).
 */
export async function loadNodeNeighbourhood(db: Kysely<Database>, systemId: number, id: number): Promise<NodeNeighbourhood | null> {
  const links = await db
    .selectFrom("system_tree_nodes")
    .select(["id", "parent_id", "kind", "is_tech", "radio", "call_source_id"])
    .where("system_id", "=", systemId)
    .execute();
  const linkOf = new Map(links.map((n) => [n.id, n]));
  const parentOf = new Map(links.map((n) => [n.id, n.parent_id]));
  if (!parentOf.has(id)) return null;

  const parentIds: number[] = [];
  for (
    let parent = parentOf.get(id) ?? null;
    parent !== null && parentOf.has(parent) && parentIds.length < PARENT_CHAIN_DEPTH;
    parent = parentOf.get(parent) ?? null
  ) {
    if (parent === id || parentIds.includes(parent)) break; // a cycle would be a broken import
    parentIds.push(parent);
  }

  const childrenOf = new Map<number, number[]>();
  for (const n of links) {
    if (n.parent_id === null) continue;
    const list = childrenOf.get(n.parent_id) ?? [];
    list.push(n.id);
    childrenOf.set(n.parent_id, list);
  }
  const subtreeIds = new Set<number>([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.pop() as number) ?? []) {
      if (subtreeIds.has(child)) continue;
      subtreeIds.add(child);
      queue.push(child);
    }
  }

  const rows = await db
    .selectFrom("system_tree_nodes")
    .selectAll()
    .where("system_id", "=", systemId)
    .where((eb) => eb.or([eb("id", "in", [id, ...parentIds]), eb("parent_id", "=", id)]))
    .execute();
  const byId = new Map(rows.map((n) => [n.id, n]));
  const node = byId.get(id);
  if (!node) return null; // deleted between the two reads
  const parents = parentIds.flatMap((parentId) => byId.get(parentId) ?? []);
  const children = rows.filter((n) => n.parent_id === id && n.id !== id).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  return { node, parents, children, subtreeIds, subtree: [...subtreeIds].flatMap((n) => linkOf.get(n) ?? []) };
}

/** The columns the flat tree shows (SystemTreeNodeSummary): the list reads only these. */
export const SUMMARY_COLUMNS = [
  "id",
  "name",
  "kind",
  "number",
  "parent_id",
  "sort_order",
  "section_id",
  "call_source_id",
  "text_short",
  "text_long",
  "is_enabled",
  "battery",
  "battery_reported_at",
  "reachable",
  "last_reachable_at",
  "is_tech",
  "radio",
  "is_linkable",
  "linked_system_tree_node_id",
  "serial",
  "inherit_section",
  "inherit_text_long",
  "inherit_text_short",
  "inherit_flight_profile",
] as const;

export type NodeSummaryRow = Pick<StoredNode, (typeof SUMMARY_COLUMNS)[number]>;

/**
 * Every node of a system, summary columns only, in one query (the tree holds up to tens of
 * thousands), in key order: the client orders siblings by sort_order as it builds the tree.
 */
export async function loadSummaries(db: Kysely<Database>, systemId: number): Promise<NodeSummaryRow[]> {
  return db.selectFrom("system_tree_nodes").select(SUMMARY_COLUMNS).where("system_id", "=", systemId).orderBy("id").execute();
}

/** Summaries of the given nodes (a picker's few). */
export async function loadSummariesOf(db: Kysely<Database>, systemId: number, ids: readonly number[]): Promise<NodeSummaryRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("system_tree_nodes").select(SUMMARY_COLUMNS).where("system_id", "=", systemId).where("id", "in", ids).execute();
}

/** What the node pickers' rules and the visibility check read of every node. */
const CHOOSABLE_COLUMNS = [
  "id",
  "name",
  "text_long",
  "number",
  "parent_id",
  "is_linkable",
  "linked_system_tree_node_id",
  "kind",
  "is_tech",
  "radio",
  "call_source_id",
] as const;

export type ChoosableRow = Pick<StoredNode, (typeof CHOOSABLE_COLUMNS)[number]>;

export async function loadChoosable(db: Kysely<Database>, systemId: number): Promise<ChoosableRow[]> {
  return db.selectFrom("system_tree_nodes").select(CHOOSABLE_COLUMNS).where("system_id", "=", systemId).execute();
}

/** The nodes that link to `id` (spec §3.6 "linking nodes"). */
export async function loadLinkingNodes(db: Kysely<Database>, systemId: number, id: number): Promise<NodeSummaryRow[]> {
  return db
    .selectFrom("system_tree_nodes")
    .select(SUMMARY_COLUMNS)
    .where("system_id", "=", systemId)
    .where("linked_system_tree_node_id", "=", id)
    .orderBy("id")
    .execute();
}

export interface StoredNote {
  id: number;
  text: string;
  author: string;
  created_at: number;
}

/** Notes of a node, newest first. */
export async function loadNotes(db: Kysely<Database>, systemId: number, nodeId: number, limit: number): Promise<StoredNote[]> {
  return db
    .selectFrom("system_tree_node_notes")
    .select(["id", "text", "author", "created_at"])
    .where("system_id", "=", systemId)
    .where("node_id", "=", nodeId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export interface StoredReachabilityPeriod {
  from_at: number;
  to_at: number | null;
  reachable: number;
}

/** A device's reachability periods that end after `since` (or still go on), oldest first. */
export async function loadReachabilityHistory(db: Kysely<Database>, systemId: number, nodeId: number, since: number): Promise<StoredReachabilityPeriod[]> {
  return db
    .selectFrom("device_reachability_history")
    .select(["from_at", "to_at", "reachable"])
    .where("system_id", "=", systemId)
    .where("node_id", "=", nodeId)
    .where((eb) => eb.or([eb("to_at", "is", null), eb("to_at", ">=", since)]))
    .orderBy("from_at")
    .orderBy("id")
    .execute();
}
