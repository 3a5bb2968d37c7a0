import { PARENT_CHAIN_DEPTH } from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database, SystemTreeNodesTable } from "../../db/schema.ts";

export type StoredNode = Selectable<SystemTreeNodesTable>;

export interface NodeNeighbourhood {
  node: StoredNode;
  /** From the direct parent upwards. */
  parents: StoredNode[];
  children: StoredNode[];
  /** The node and every node below it: the devices whose calls belong to the node. */
  subtreeIds: Set<number>;
}

/**
 * One node with its parents, children and subtree. A system holds hundreds of nodes, not
 * millions: reading the (id, parent_id) pairs once is simpler and faster than recursive SQL that
 * differs between SQLite and PostgreSQL.
 */
export async function loadNodeNeighbourhood(db: Kysely<Database>, systemId: number, id: number): Promise<NodeNeighbourhood | null> {
  const nodes = await db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", systemId).execute();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const node = byId.get(id);
  if (!node) return null;

  const parents: StoredNode[] = [];
  for (let parent = byId.get(node.parent_id ?? -1); parent && parents.length < PARENT_CHAIN_DEPTH; parent = byId.get(parent.parent_id ?? -1)) {
    if (parent.id === node.id || parents.includes(parent)) break; // a cycle would be a broken import
    parents.push(parent);
  }

  const childrenOf = new Map<number, StoredNode[]>();
  for (const n of nodes) {
    if (n.parent_id === null) continue;
    const list = childrenOf.get(n.parent_id) ?? [];
    list.push(n);
    childrenOf.set(n.parent_id, list);
  }
  const children = [...(childrenOf.get(id) ?? [])].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);

  const subtreeIds = new Set<number>([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.pop() as number) ?? []) {
      if (subtreeIds.has(child.id)) continue;
      subtreeIds.add(child.id);
      queue.push(child.id);
    }
  }
  return { node, parents, children, subtreeIds };
}
