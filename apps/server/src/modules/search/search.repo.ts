import { PostgresAdapter, sql, type Kysely, type Selectable } from "kysely";
import type { Database, SystemTreeNodesTable } from "../../db/schema.ts";
import type { DialectName } from "../../db/database.ts";
import { ROWID_SYSTEM_FACTOR } from "../../db/migrations/0011-search-hubs-views.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * The search's reads. Migration 0011 keeps one lower-cased text per node current in the database
 * (PostgreSQL: the generated column search_text with a pg_trgm index; SQLite: the FTS5 trigram
 * table system_tree_search), so a match is an index lookup, not a scan of 20,000 rows.
 */

/** A node as the search reads it; comment and callback_number where the tree editor's columns exist. */
export type SearchedNode = Selectable<SystemTreeNodesTable> & { comment?: string | null; callback_number?: string | null };

/** LIKE's wildcards and its escape character, taken literally. */
const likePattern = (needle: string): string => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 phrase: the trigram tokenizer matches it as a substring; a double quote is doubled. */
const ftsPhrase = (needle: string): string => `"${needle.replaceAll('"', '""')}"`;

/** The node kinds of each node category, as a SQL CASE: the window below ranks within a category. */
function categoryOf(kindColumn: string, categories: readonly (readonly string[])[]) {
  const branches = categories.map((kinds, index) => `when ${kindColumn} in (${kinds.map((kind) => `'${kind}'`).join(", ")}) then ${index}`);
  return sql.raw(`case ${branches.join(" ")} else ${categories.length} end`);
}

/**
 * Ids and kinds of nodes whose searched text holds `needle` (lower case): at most `perCategory`
 * of each category (given as its kinds), in one pass over the matches. The kinds are the domain's
 * constants, never input.
 */
export async function findNodes(
  db: Kysely<Database>,
  dialect: DialectName,
  systemId: number,
  needle: string,
  categories: readonly (readonly string[])[],
  perCategory: number,
): Promise<{ id: number; kind: string }[]> {
  if (dialect === "postgres") {
    const rows = await sql<{ id: number; kind: string }>`
      select id, kind from (
        select id, kind, row_number() over (partition by ${categoryOf("kind", categories)} order by id) as rank
        from system_tree_nodes
        where system_id = ${systemId} and search_text like ${likePattern(needle)} escape '\\'
      ) ranked where rank <= ${perCategory}`.execute(db);
    return rows.rows.map((row) => ({ id: Number(row.id), kind: row.kind }));
  }
  const low = systemId * ROWID_SYSTEM_FACTOR;
  // The trigram index needs three characters; two (the shortest query) are a scan of the system's rows.
  const match = needle.length >= 3 ? sql`system_tree_search match ${ftsPhrase(needle)}` : sql`instr(lower(search_text), ${needle}) > 0`;
  const rows = await sql<{ node: number; kind: string }>`
    select node, kind from (
      select rowid as node, kind, row_number() over (partition by ${categoryOf("kind", categories)} order by rowid) as rank
      from system_tree_search
      where ${match} and rowid >= ${low} and rowid < ${low + ROWID_SYSTEM_FACTOR}
    ) ranked where rank <= ${perCategory}`.execute(db);
  return rows.rows.map((row) => ({ id: Number(row.node) - low, kind: row.kind }));
}

/** The nodes with these ids (whole rows: the fields a match names, and the parents for context). */
export async function nodesByIds(db: Kysely<Database>, systemId: number, ids: readonly number[]): Promise<SearchedNode[]> {
  const found: SearchedNode[] = [];
  for (let index = 0; index < ids.length; index += 500) {
    const chunk = ids.slice(index, index + 500);
    found.push(...(await db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", systemId).where("id", "in", chunk).execute()));
  }
  return found;
}

/** Flight profiles whose name holds `needle`: a handful per system, matched without an index. */
export async function findFlightProfiles(db: Kysely<Database>, systemId: number, needle: string, limit: number): Promise<{ id: number; name: string }[]> {
  const rows = await entityTables(db)
    .selectFrom("flight_profiles")
    .select(["id", "name"])
    .where("system_id", "=", systemId)
    .where(sql<boolean>`lower(name) like ${likePattern(needle)} escape '\\'`)
    .orderBy("name")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
}

/**
 * After a bulk change of nodes (the configuration import replaces them all): on PostgreSQL the new
 * rows wait in the trigram index's pending list, which the planner prices so high that it scans
 * the table instead (measured: 7 ms instead of 0.05 ms for a rare term at 20,000 nodes). Merging
 * the list and fresh statistics put the index back to use. SQLite's FTS5 table needs neither.
 */
export async function refreshSearchIndex(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select gin_clean_pending_list(c.oid) from pg_class c where c.relname = 'system_tree_nodes_search_trgm' and c.relkind = 'i'`.execute(db);
  await sql`analyze system_tree_nodes`.execute(db);
}
