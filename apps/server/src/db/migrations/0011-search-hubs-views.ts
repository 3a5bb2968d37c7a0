import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Global search, hubs and views (docs/decisions/020-hubs-and-search.md).
 *
 * Search: spec "Search(query: string): entries with category and results (entity, key, kind)",
 * a substring match over the node's texts that must stay fast at 20,000 nodes. One lower-cased
 * text per node, the fields joined by a newline (a query never holds one: control characters are
 * refused), kept current by the database itself, so that every writer of system_tree_nodes (the
 * import, the tree editor, device reports) keeps it right without knowing of it:
 * - PostgreSQL: a STORED generated column with a pg_trgm GIN index (substring LIKE uses it from
 *   three characters on); without pg_trgm the column alone (a sequential scan).
 * - SQLite: an FTS5 trigram table filled by triggers (SQLite cannot add a stored generated column
 *   to an existing table, and a virtual one is a scan of every row).
 * The tree editor's columns comment and callback_number come with their own migration; they are
 * searched when they exist when this one runs.
 *
 * Views: spec data §3.6 "Tree view: name, is_enabled, roles restriction. System view: is_enabled,
 * is_system_view, sort_order, apply_permissions, filters (key, value), role_permissions, can_edit."
 */

/** The node fields the search reads, in the order they are joined (the search module lists the same). */
const SEARCHED = ["name", "text_long", "text_short", "serial", "mac", "comment", "callback_number"] as const;
/** The node key in the SQLite search table's rowid: system_id * 2^32 + id (both positive, ids < 2^32). */
export const ROWID_SYSTEM_FACTOR = 4294967296;

function joined(prefix: string, columns: readonly string[], separator: string): string {
  return columns.map((column) => `coalesce(${prefix}${column}, '')`).join(` || ${separator} || `);
}

async function searchedColumns(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const nodes = tables.find((table) => table.name === "system_tree_nodes");
  const present = new Set(nodes?.columns.map((column) => column.name) ?? []);
  return SEARCHED.filter((column) => present.has(column));
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  const columns = await searchedColumns(db);
  // pg_trgm is a trusted extension (the database owner may create it); where it is missing or not
  // allowed, the search still works by scanning. A savepoint keeps a refusal from aborting the migration.
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  let trigram = false;
  if ((available.rows[0]?.n ?? 0) > 0) {
    await sql`savepoint pg_trgm_try`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint pg_trgm_try`.execute(db);
      trigram = true;
    } catch {
      await sql`rollback to savepoint pg_trgm_try`.execute(db);
    }
  }
  await sql.raw(`alter table system_tree_nodes add column search_text text generated always as (lower(${joined("", columns, "E'\\n'")})) stored`).execute(db);
  // New rows wait in the index's pending list until it is merged; the import merges it at once
  // (search.repo.ts refreshSearchIndex), cheaper than inserting each of 20,000 rows into the index.
  if (trigram) await sql`create index system_tree_nodes_search_trgm on system_tree_nodes using gin (search_text gin_trgm_ops)`.execute(db);
}

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  const columns = await searchedColumns(db);
  const text = (prefix: string): string => joined(prefix, columns, "char(10)");
  const rowid = (prefix: string): string => `${prefix}system_id * ${ROWID_SYSTEM_FACTOR} + ${prefix}id`;
  await sql`create virtual table system_tree_search using fts5(search_text, kind unindexed, tokenize = 'trigram')`.execute(db);
  await sql
    .raw(
      `create trigger system_tree_search_insert after insert on system_tree_nodes begin
        insert into system_tree_search (rowid, search_text, kind) values (${rowid("new.")}, ${text("new.")}, new.kind);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger system_tree_search_delete after delete on system_tree_nodes begin
        delete from system_tree_search where rowid = ${rowid("old.")};
      end`,
    )
    .execute(db);
  // Only changes of searched fields (not every battery report) touch the index.
  await sql
    .raw(
      `create trigger system_tree_search_update after update of ${[...columns, "kind", "id", "system_id"].join(", ")} on system_tree_nodes begin
        delete from system_tree_search where rowid = ${rowid("old.")};
        insert into system_tree_search (rowid, search_text, kind) values (${rowid("new.")}, ${text("new.")}, new.kind);
      end`,
    )
    .execute(db);
  await sql.raw(`insert into system_tree_search (rowid, search_text, kind) select ${rowid("")}, ${text("")}, kind from system_tree_nodes`).execute(db);
}

async function views(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable("system_views")
    .addColumn("id", "integer", id)
    .addColumn("system_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    // What the view shows: tree, devices, groups, connections (the web's view switcher).
    .addColumn("view_key", "varchar(30)", (c) => c.notNull())
    .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("is_system_view", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("apply_permissions", "integer", (c) => c.notNull().defaultTo(0))
    // JSON: [{ key, value }] and [{ role_id, level }].
    .addColumn("filters", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("role_permissions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("system_views_name_unique", ["system_id", "name"])
    .execute();
  await db.schema
    .createTable("tree_views")
    .addColumn("id", "integer", id)
    .addColumn("system_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
    // JSON: the ids of the roles that see the view; empty: everyone.
    .addColumn("role_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("tree_views_name_unique", ["system_id", "name"])
    .execute();
}

export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect === "postgres") await postgresSearch(db);
    else await sqliteSearch(db);
    await views(db, dialect);
  },
});
