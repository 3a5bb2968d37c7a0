import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, SystemViewsTable, TreeViewsTable } from "../../db/schema.ts";

export type StoredSystemView = Selectable<SystemViewsTable>;
export type StoredTreeView = Selectable<TreeViewsTable>;

export async function listSystemViews(db: Kysely<Database>, systemId: number): Promise<StoredSystemView[]> {
  return db.selectFrom("system_views").selectAll().where("system_id", "=", systemId).orderBy("sort_order").orderBy("id").execute();
}

export async function listTreeViews(db: Kysely<Database>, systemId: number): Promise<StoredTreeView[]> {
  return db.selectFrom("tree_views").selectAll().where("system_id", "=", systemId).orderBy("name").orderBy("id").execute();
}

/** Inserts the rows a name does not hold yet (two first readers seed once: the name is unique per system). */
export async function insertSystemViewsIfMissing(db: Kysely<Database>, rows: readonly Insertable<SystemViewsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("system_views")
    .values([...rows])
    .onConflict((oc) => oc.columns(["system_id", "name"]).doNothing())
    .execute();
}

export async function findSystemView(db: Kysely<Database>, systemId: number, id: number): Promise<StoredSystemView | undefined> {
  return db.selectFrom("system_views").selectAll().where("system_id", "=", systemId).where("id", "=", id).executeTakeFirst();
}

export async function findTreeView(db: Kysely<Database>, systemId: number, id: number): Promise<StoredTreeView | undefined> {
  return db.selectFrom("tree_views").selectAll().where("system_id", "=", systemId).where("id", "=", id).executeTakeFirst();
}

export async function nameTaken(
  db: Kysely<Database>,
  table: "system_views" | "tree_views",
  systemId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom(table).select("id").where("system_id", "=", systemId).where("name", "=", name);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertSystemView(db: Kysely<Database>, row: Insertable<SystemViewsTable>): Promise<number> {
  const inserted = await db.insertInto("system_views").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateSystemViewRow(db: Kysely<Database>, systemId: number, id: number, values: Updateable<SystemViewsTable>): Promise<void> {
  await db.updateTable("system_views").set(values).where("system_id", "=", systemId).where("id", "=", id).execute();
}

export async function deleteSystemViewRow(db: Kysely<Database>, systemId: number, id: number): Promise<void> {
  await db.deleteFrom("system_views").where("system_id", "=", systemId).where("id", "=", id).execute();
}

export async function insertTreeView(db: Kysely<Database>, row: Insertable<TreeViewsTable>): Promise<number> {
  const inserted = await db.insertInto("tree_views").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateTreeViewRow(db: Kysely<Database>, systemId: number, id: number, values: Updateable<TreeViewsTable>): Promise<void> {
  await db.updateTable("tree_views").set(values).where("system_id", "=", systemId).where("id", "=", id).execute();
}

export async function deleteTreeViewRow(db: Kysely<Database>, systemId: number, id: number): Promise<void> {
  await db.deleteFrom("tree_views").where("system_id", "=", systemId).where("id", "=", id).execute();
}
