import { sql, type Kysely, type Selectable } from "kysely";
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

/** Ids of nodes of these kinds whose searched text holds `needle` (lower case), at most `limit`. */
export async function findNodeIds(
  db: Kysely<Database>,
  dialect: DialectName,
  systemId: number,
  needle: string,
  kinds: readonly string[],
  limit: number,
): Promise<number[]> {
  if (dialect === "postgres") {
    const rows = await db
      .selectFrom("system_tree_nodes")
      .select("id")
      .where("system_id", "=", systemId)
      .where("kind", "in", kinds)
      .where(sql<boolean>`search_text like ${likePattern(needle)} escape '\\'`)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
  const low = systemId * ROWID_SYSTEM_FACTOR;
  // The trigram index needs three characters; two (the shortest query) are a scan of the system's rows.
  const match = needle.length >= 3 ? sql<boolean>`system_tree_search match ${ftsPhrase(needle)}` : sql<boolean>`instr(lower(search_text), ${needle}) > 0`;
  const rows = await db
    .selectFrom("system_tree_search")
    .select("rowid")
    .where(match)
    .where("rowid", ">=", low)
    .where("rowid", "<", low + ROWID_SYSTEM_FACTOR)
    .where("kind", "in", kinds)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.rowid) - low);
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
