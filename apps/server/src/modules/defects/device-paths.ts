import type { Kysely } from "kysely";
import { PARENT_CHAIN_DEPTH } from "@caresuite/domain";
import type { Database } from "../../db/schema.ts";

/**
 * "Building › Floor › Room › Device" for devices of a system: the names of each node's parent
 * chain, at most spec §9 "parent chain depth 10" levels. Reads the system's nodes once.
 */
export async function devicePaths(db: Kysely<Database>, systemId: number, ids: readonly number[]): Promise<Map<number, { name: string; path: string }>> {
  const out = new Map<number, { name: string; path: string }>();
  if (ids.length === 0) return out;
  const nodes = await db.selectFrom("system_tree_nodes").select(["id", "parent_id", "name"]).where("system_id", "=", systemId).execute();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const id of ids) {
    const names: string[] = [];
    let node = byId.get(id);
    for (let depth = 0; node && depth <= PARENT_CHAIN_DEPTH; depth++) {
      names.unshift(node.name);
      node = node.parent_id === null ? undefined : byId.get(node.parent_id);
    }
    out.set(id, { name: byId.get(id)?.name ?? `#${id}`, path: names.length > 0 ? names.join(" › ") : `#${id}` });
  }
  return out;
}
