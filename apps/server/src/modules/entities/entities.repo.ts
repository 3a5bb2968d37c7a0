import { ENTITIES, type EntityDef } from "@caresuite/domain";
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

/**
 * The controller's records of one registry entity replace ours (configuration import): the
 * system's rows go, the given rows come, in batches of 200 (SQLite's bound-variable limit).
 */
export async function replaceImportedRecords(db: Kysely<Database>, entity: EntityDef, systemId: number, rows: Record<string, unknown>[]): Promise<void> {
  let remove = dynamic(db).deleteFrom(entity.table);
  if (entity.systemScoped) remove = remove.where("system_id", "=", systemId);
  await remove.execute();
  for (let i = 0; i < rows.length; i += 200)
    await dynamic(db)
      .insertInto(entity.table)
      .values(rows.slice(i, i + 200))
      .execute();
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
  const row = await scoped(entity, db, systemId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
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
 * The smallest id from 1 to `limit` no record of the system holds, or null when all are taken.
 * Ids of system-scoped entities are the controller's and unique per system (key (system_id, id),
 * docs/decisions/005-per-system-ids.md): another system's records do not count.
 */
export async function freeId(db: Kysely<Database>, entity: EntityDef, systemId: number | null, limit: number): Promise<number | null> {
  const rows = await scoped(entity, db, systemId).select("id").where("id", "<=", limit).execute();
  const taken = new Set(rows.map((r) => Number(r["id"])));
  for (let id = 1; id <= limit; id++) if (!taken.has(id)) return id;
  return null;
}

/** One above the highest id of the system (1 for its first record): ids without an `idLimit`. */
export async function nextId(db: Kysely<Database>, entity: EntityDef, systemId: number | null): Promise<number> {
  const row = await scoped(entity, db, systemId)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.["max"] ?? 0) + 1;
}

/** A duplicate key (primary key or unique index), e.g. two creates that chose the same free id. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  // PostgreSQL unique_violation; better-sqlite3's extended result codes.
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

export async function insertRow(db: Kysely<Database>, entity: EntityDef, values: Record<string, unknown>): Promise<Row> {
  return (await dynamic(db).insertInto(entity.table).values(values).returningAll().executeTakeFirstOrThrow()) as Row;
}

/** The system a write by id is limited to: ids repeat across systems, so it is required for them. */
function systemOfWrite(entity: EntityDef, systemId: number | null): number | null {
  if (entity.systemScoped && systemId === null) throw new Error(`${entity.name}: a write by id needs the system`);
  return entity.systemScoped ? systemId : null;
}

export async function updateRow(db: Kysely<Database>, entity: EntityDef, systemId: number | null, id: number, values: Record<string, unknown>): Promise<Row> {
  const system = systemOfWrite(entity, systemId);
  let query = dynamic(db).updateTable(entity.table).set(values).where("id", "=", id);
  if (system !== null) query = query.where("system_id", "=", system);
  return (await query.returningAll().executeTakeFirstOrThrow()) as Row;
}

export async function deleteRows(db: Kysely<Database>, entity: EntityDef, systemId: number | null, ids: number[]): Promise<void> {
  const system = systemOfWrite(entity, systemId);
  if (ids.length === 0) return;
  let query = dynamic(db).deleteFrom(entity.table).where("id", "in", ids);
  if (system !== null) query = query.where("system_id", "=", system);
  await query.execute();
}

/** Every registry record of these systems (deleting systems, system-params.service.ts). */
export async function deleteSystemRecords(db: Kysely<Database>, systemIds: number[]): Promise<void> {
  // Children first: checkpoints point at their maps.
  const scoped = ENTITIES.filter((entity) => entity.systemScoped).sort((a, b) => Number(b.parent !== undefined) - Number(a.parent !== undefined));
  for (const entity of scoped) await dynamic(db).deleteFrom(entity.table).where("system_id", "in", systemIds).execute();
}
