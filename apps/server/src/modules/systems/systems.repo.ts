import type { Kysely, Selectable } from "kysely";
import type { Database, SystemsTable } from "../../db/schema.ts";

export type SystemRow = Selectable<SystemsTable>;

export async function listSystems(db: Kysely<Database>): Promise<SystemRow[]> {
  return db.selectFrom("systems").selectAll().orderBy("id").execute();
}

export async function listSystemIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("systems").select("id").orderBy("id").execute();
  return rows.map((r) => r.id);
}
