import type { EntityDef } from "@caresuite/domain";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * SQL for registry entities. Their tables are created from the registry (migrations), so they
 * are addressed by name here; column names come only from entity definitions, never from input.
 */
export type Row = Record<string, unknown> & { id: number };
type DynamicDatabase = Record<string, Record<string, unknown>>;

export function dynamic(db: Kysely<Database>): Kysely<DynamicDatabase> {
  return db as unknown as Kysely<DynamicDatabase>;
}

export interface ListQuery {
  systemId: number | null;
  search: string;
  sort: string;
  direction: "asc" | "desc";
  offset: number;
  limit: number;
  /** Children of one parent record only (child entities). */
  parent?: { field: string; id: number } | null;
}

function scoped(entity: EntityDef, db: Kysely<Database>, systemId: number | null) {
  const query = dynamic(db).selectFrom(entity.table);
  return entity.systemScoped && systemId !== null ? query.where("system_id", "=", systemId) : query;
}

export async function listRows(db: Kysely<Database>, entity: EntityDef, q: ListQuery): Promise<{ items: Row[]; total: number }> {
  const searchFields = Object.entries(entity.fields)
    .filter(([, f]) => f.search)
    .map(([name]) => name);
  let base = scoped(entity, db, q.systemId);
  if (q.parent) base = base.where(q.parent.field, "=", q.parent.id);
  if (q.search && searchFields.length > 0) {
    const pattern = `%${q.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      // cast: integer columns are searchable too (PostgreSQL has no lower(integer)).
      eb.or(searchFields.map((field) => eb(sql`lower(cast(${sql.ref(field)} as text))`, "like", sql`${pattern} escape '\\'`))),
    );
  }
  const [items, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.direction).orderBy("id", "asc").offset(q.offset).limit(q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: items as Row[], total: Number(count.n) };
}

export async function findRow(db: Kysely<Database>, entity: EntityDef, systemId: number | null, id: number): Promise<Row | undefined> {
  return (await scoped(entity, db, systemId).selectAll().where("id", "=", id).executeTakeFirst()) as Row | undefined;
}

export async function findRows(db: Kysely<Database>, entity: EntityDef, systemId: number | null, ids: number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  return (await scoped(entity, db, systemId).selectAll().where("id", "in", ids).execute()) as Row[];
}

export async function allRows(db: Kysely<Database>, entity: EntityDef, systemId: number | null): Promise<Row[]> {
  return (await scoped(entity, db, systemId).selectAll().execute()) as Row[];
}

export async function countRows(db: Kysely<Database>, entity: EntityDef, systemId: number | null): Promise<number> {
  const row = await scoped(entity, db, systemId).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A row of the same system whose fields all equal the values (text trimmed, case-insensitive). */
export async function findDuplicateCombination(
  db: Kysely<Database>,
  entity: EntityDef,
  systemId: number | null,
  values: Record<string, unknown>,
  exceptId: number | null,
): Promise<boolean> {
  let query = scoped(entity, db, systemId).select("id");
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined) query = query.where(field, "is", null);
    else if (typeof value === "string") query = query.where(sql`lower(${sql.ref(field)})`, "=", value.trim().toLowerCase());
    else query = query.where(field, "=", value);
  }
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A row of the same system whose field equals the value (trimmed, case-insensitive). */
export async function findDuplicate(
  db: Kysely<Database>,
  entity: EntityDef,
  systemId: number | null,
  field: string,
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = scoped(entity, db, systemId)
    .select("id")
    .where(sql`lower(${sql.ref(field)})`, "=", value.trim().toLowerCase());
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The smallest id from 1 to `limit` no record of the table holds, or null when all are taken.
 * Ids are unique across the table (not per system), so every system's records count.
 */
export async function freeId(db: Kysely<Database>, entity: EntityDef, limit: number): Promise<number | null> {
  const taken = new Set((await dynamic(db).selectFrom(entity.table).select("id").where("id", "<=", limit).execute()).map((r) => Number(r["id"])));
  for (let id = 1; id <= limit; id++) if (!taken.has(id)) return id;
  return null;
}

export async function insertRow(db: Kysely<Database>, entity: EntityDef, values: Record<string, unknown>): Promise<Row> {
  return (await dynamic(db).insertInto(entity.table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function updateRow(db: Kysely<Database>, entity: EntityDef, id: number, values: Record<string, unknown>): Promise<Row> {
  return (await dynamic(db).updateTable(entity.table).set(values).where("id", "=", id).returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function deleteRows(db: Kysely<Database>, entity: EntityDef, ids: number[]): Promise<void> {
  if (ids.length > 0) await dynamic(db).deleteFrom(entity.table).where("id", "in", ids).execute();
}
