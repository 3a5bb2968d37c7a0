import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";

/**
 * Registry records are the controller's records: their ids are the controller's ids ("the
 * configuration belongs to the element"), so two configurators both have a call type 4. 0002 gave
 * the system-scoped tables a table-wide auto-increment id; from here their key is (system_id, id)
 * like system_tree_nodes, and the server chooses every id (docs/decisions/005-per-system-ids.md).
 *
 * The system-scoped tables of the registry when this migration was written (ENTITIES with
 * `systemScoped`, 0002). Frozen: a migration must mean the same later, so an entity added to the
 * registry afterwards gets its key in its own migration; a test compares this list with the
 * registry to make that a conscious step.
 */
export const PER_SYSTEM_ID_TABLES = [
  "call_types",
  "schedules",
  "sections",
  "display_groups",
  "display_group_connections",
  "checkpoint_maps",
  "checkpoints",
  "merge_groups",
  "call_sources",
  "call_source_groups",
  "indicators",
  "buttons",
  "hubs",
  "video_streams",
  "flight_profiles",
] as const;

/** A role's access to call-source groups is per system too (the group ids are per system now). */
const ROLE_GROUPS = "role_callsource_group_permissions";
const ROLE_GROUPS_PK = "role_csg_pk";

export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect === "postgres") await upPostgres(db);
    // Kysely runs SQLite migrations outside a transaction (no transactional DDL flag), but SQLite
    // DDL is transactional: rebuild all tables in one, so a failure leaves the old schema whole.
    else await db.transaction().execute((trx) => upSqlite(trx));
  },
});

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  for (const table of PER_SYSTEM_ID_TABLES) {
    // 0002's primary key was inline, so PostgreSQL named it; look the name up.
    const pk = await sql<{ conname: string }>`select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'p'`.execute(db);
    await sql`alter table ${sql.table(table)} alter column "id" drop identity if exists`.execute(db);
    for (const row of pk.rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(row.conname)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_pk`)} primary key ("system_id", "id")`.execute(db);
  }
  await sql`alter table ${sql.table(ROLE_GROUPS)} drop constraint ${sql.id(ROLE_GROUPS_PK)}`.execute(db);
  await sql`alter table ${sql.table(ROLE_GROUPS)} add constraint ${sql.id(ROLE_GROUPS_PK)} primary key ("role_id", "system_id", "callsource_group_id")`.execute(
    db,
  );
}

/** `text` with `from` replaced by `to`, which must occur exactly once (else the schema is not 0006's). */
function replaceOnce(table: string, text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${table}: unexpected schema, "${from}" not found once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/**
 * SQLite cannot change a primary key: the table is rebuilt (sqlite.org/lang_altertable.html
 * "other kinds of table schema changes"): new table from the old CREATE statement with the new
 * key, copy, drop, rename, recreate the indexes. Foreign keys stay on (the pragma cannot change
 * inside a transaction): no table references these, and the rows of
 * role_callsource_group_permissions that reference roles are copied unchanged.
 */
async function upSqlite(db: Kysely<unknown>): Promise<void> {
  for (const table of PER_SYSTEM_ID_TABLES) {
    await rebuildSqliteTable(db, table, (create) => {
      const columns = replaceOnce(table, create, '"id" integer primary key autoincrement', '"id" integer not null');
      // The statement ends with the column list's ")": the key is the last table constraint.
      return `${columns.replace(/\)\s*$/, "")}, constraint "${table}_pk" primary key ("system_id", "id"))`;
    });
  }
  await rebuildSqliteTable(db, ROLE_GROUPS, (create) =>
    replaceOnce(
      ROLE_GROUPS,
      create,
      `constraint "${ROLE_GROUPS_PK}" primary key ("role_id", "callsource_group_id")`,
      `constraint "${ROLE_GROUPS_PK}" primary key ("role_id", "system_id", "callsource_group_id")`,
    ),
  );
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken.rows.slice(0, 3))}`);
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string, rewrite: (create: string) => string): Promise<void> {
  const schema = await sql<{
    type: string;
    sql: string | null;
  }>`select type, sql from sqlite_master where tbl_name = ${table} order by type desc, name`.execute(db);
  const create = schema.rows.find((r) => r.type === "table")?.sql;
  if (!create) throw new Error(`${table}: table not found`);
  // Automatic indexes (of the old primary key) have no SQL and go with the table.
  const indexes = schema.rows.filter((r) => r.type === "index" && r.sql !== null).map((r) => r.sql as string);
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => sql.id(r.name));
  const temporary = `${table}__rebuild`;
  const created = replaceOnce(table, rewrite(create), `CREATE TABLE "${table}" (`, `CREATE TABLE "${temporary}" (`);
  await sql.raw(created).execute(db);
  await sql`insert into ${sql.table(temporary)} (${sql.join(columns)}) select ${sql.join(columns)} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}
