import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";

export interface StoredHub {
  id: number;
  name: string;
  status: string | null;
  last_sync: string | null;
}

/** The system's hubs with what the controller last reported of them (spec "status, last_sync"). */
export async function listHubs(db: Kysely<Database>, systemId: number): Promise<StoredHub[]> {
  const rows = await entityTables(db)
    .selectFrom("hubs")
    .select(["id", "name", "status", "last_sync"])
    .where("system_id", "=", systemId)
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name ?? ""), status: row.status, last_sync: row.last_sync }));
}

export async function countHubs(db: Kysely<Database>, systemId: number): Promise<number> {
  const row = await entityTables(db)
    .selectFrom("hubs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("system_id", "=", systemId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The node a printer message names, with its parent's name (spec "system_tree_node (id, kind, name, serial, parent name)"). */
export async function printerNode(
  db: Kysely<Database>,
  systemId: number,
  nodeId: number,
): Promise<{ id: number; kind: string; name: string; serial: string | null; parent_name: string | null } | null> {
  const row = await db
    .selectFrom("system_tree_nodes as node")
    .leftJoin("system_tree_nodes as parent", (join) => join.onRef("parent.system_id", "=", "node.system_id").onRef("parent.id", "=", "node.parent_id"))
    .select(["node.id", "node.kind", "node.name", "node.serial", "parent.name as parent_name"])
    .where("node.system_id", "=", systemId)
    .where("node.id", "=", nodeId)
    .executeTakeFirst();
  return row ? { id: row.id, kind: row.kind, name: row.name, serial: row.serial, parent_name: row.parent_name ?? null } : null;
}
