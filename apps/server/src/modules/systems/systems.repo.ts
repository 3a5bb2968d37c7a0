import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, SystemsTable } from "../../db/schema.ts";
import { deleteSystemRecords } from "../entities/entities.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";

export type SystemRow = Selectable<SystemsTable>;
export type SystemValues = Updateable<SystemsTable>;

export async function listSystems(db: Kysely<Database>): Promise<SystemRow[]> {
  return db.selectFrom("systems").selectAll().orderBy("id").execute();
}

export async function listSystemIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("systems").select("id").orderBy("id").execute();
  return rows.map((r) => r.id);
}

export async function findSystem(db: Kysely<Database>, id: number): Promise<SystemRow | undefined> {
  return db.selectFrom("systems").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether another configurator (not `exceptId`) has this name; case-insensitive. */
export async function systemNameTaken(db: Kysely<Database>, name: string, exceptId: number): Promise<boolean> {
  const rows = await db.selectFrom("systems").select(["id", "name"]).where("id", "!=", exceptId).execute();
  return rows.some((row) => row.name.trim().toLowerCase() === name.trim().toLowerCase());
}

/** The section ids of one system (call suppression may name only these). */
export async function sectionIdsOf(db: Kysely<Database>, systemId: number): Promise<number[]> {
  const rows = await entityTables(db).selectFrom("sections").select("id").where("system_id", "=", systemId).execute();
  return rows.map((row) => Number(row["id"]));
}

/** The sections of one system by name, for the call-suppression picker. */
export async function sectionsOf(db: Kysely<Database>, systemId: number): Promise<{ id: number; name: string }[]> {
  const rows = await entityTables(db).selectFrom("sections").select(["id", "name"]).where("system_id", "=", systemId).orderBy("name").execute();
  return rows.map((row) => ({ id: Number(row["id"]), name: String(row["name"]) }));
}

export async function insertSystem(db: Kysely<Database>, values: Insertable<SystemsTable>): Promise<SystemRow> {
  return db.insertInto("systems").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSystem(db: Kysely<Database>, id: number, values: SystemValues): Promise<SystemRow> {
  return db.updateTable("systems").set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function countOpenCalls(db: Kysely<Database>, systemIds: number[]): Promise<number> {
  const row = await db
    .selectFrom("calls")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("system_id", "in", systemIds)
    .where("closed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removes systems and what belongs to them only: their configuration (registry entities, the
 * imported system tree), display-profile and role settings for them and the link's position.
 * Closed calls stay for the call log.
 */
export async function deleteSystemsWithData(db: Kysely<Database>, systemIds: number[]): Promise<void> {
  await deleteSystemRecords(db, systemIds);
  await db.deleteFrom("system_tree_nodes").where("system_id", "in", systemIds).execute();
  await db.deleteFrom("display_profile_settings").where("system_id", "in", systemIds).execute();
  await db.deleteFrom("role_callsource_group_permissions").where("system_id", "in", systemIds).execute();
  await db.deleteFrom("callsystem_links").where("system_id", "in", systemIds).execute();
  await db.deleteFrom("systems").where("id", "in", systemIds).execute();
}
