import { ENTITIES, type EntityDef } from "@caresuite/domain";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamic } from "../../modules/entities/entities.repo.ts";
import { freshDatabase, TEST_DIALECTS } from "../../test-support/test-server.ts";
import { openDatabase, type Db } from "../database.ts";
import { migrateTo, migrateToLatest } from "../migrate.ts";
import type { Database } from "../schema.ts";
import { PER_SYSTEM_ID_TABLES } from "./0007-per-system-ids.ts";

/** Registry tables created by later migrations, with their key. */
const CREATED_LATER = new Set(["display_group_overrides", "technical_reports"]);
/** Columns later migrations add to these tables, with the value old rows get (0012: the section's override marks). */
const ADDED_LATER: Record<string, Record<string, unknown>> = {
  sections: { has_display_group_override: 0, active_display_group_override_id: null },
};

describe("0007-per-system-ids table list", () => {
  it("is the registry's system-scoped tables (a new one needs its own migration)", () => {
    // Tables created later get their key in their own migration (0012: display_group_overrides, 0021: technical_reports).
    const registry = ENTITIES.filter((entity) => entity.systemScoped && !CREATED_LATER.has(entity.table)).map((entity) => entity.table);
    expect([...PER_SYSTEM_ID_TABLES].sort()).toEqual([...registry].sort());
  });
});

/** A row of the entity as 0002 stored it, every NOT NULL column filled. */
function rowOf(entity: EntityDef, systemId: number, id: number): Record<string, unknown> {
  const row: Record<string, unknown> = { id, system_id: systemId, created_at: 1_700_000_000_000 + id, updated_at: 1_700_000_000_000 + id };
  if (entity.sortable) row["sort_order"] = id;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (name in (ADDED_LATER[entity.table] ?? {})) continue;
    switch (field.kind) {
      case "text":
        row[name] = `${name}${id}`.slice(-field.max);
        break;
      case "enum":
        row[name] = field.values[0];
        break;
      case "bool":
        row[name] = id % 2;
        break;
      case "refs":
        row[name] = JSON.stringify([id]);
        break;
      case "int":
      case "time":
        row[name] = id;
        break;
      default:
        row[name] = null;
    }
  }
  return row;
}

/** Index names of a table apart from its primary key's. */
async function indexNames(db: Db, table: string): Promise<string[]> {
  const rows =
    db.dialect === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db.kysely);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !/(_pk|_pkey)$|^sqlite_autoindex_/.test(name))
    .sort();
}

const scoped = ENTITIES.filter((entity) => entity.systemScoped && !CREATED_LATER.has(entity.table));
const rowsBefore = (entity: EntityDef): Record<string, unknown>[] => [rowOf(entity, 1, 1), rowOf(entity, 1, 2), rowOf(entity, 2, 3)];

describe.each(TEST_DIALECTS)("0007-per-system-ids upgrades a filled database on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let kysely: Kysely<Database>;
  let roleId: number;
  const indexesBefore = new Map<string, string[]>();

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = openDatabase({ databaseUrl: database.env["DATABASE_URL"], dataDir: database.env["DATA_DIR"] ?? "" });
    kysely = db.kysely;
    await migrateTo(db, "0006-system-params");
    // Before: ids unique across the table, so system 2's record has id 3.
    for (const entity of scoped) {
      await dynamic(kysely).insertInto(entity.table).values(rowsBefore(entity)).execute();
      indexesBefore.set(entity.table, await indexNames(db, entity.table));
    }
    roleId = (await kysely.insertInto("roles").values({ name: "Pflege", sort_order: 1 }).returning("id").executeTakeFirstOrThrow()).id;
    await kysely
      .insertInto("role_callsource_group_permissions")
      .values([
        { role_id: roleId, system_id: 1, callsource_group_id: 5, permission_level: "Read" },
        { role_id: roleId, system_id: 2, callsource_group_id: 6, permission_level: "Write" },
      ])
      .execute();
    // Later migrations run after it (0008 ...): 0007 is the first to run on this database.
    expect((await migrateToLatest(db))[0]).toBe("0007-per-system-ids");
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it.each(scoped.map((entity) => [entity.table, entity] as const))("%s: keeps every row and index", async (table, entity) => {
    const rows = await dynamic(kysely).selectFrom(table).selectAll().orderBy("system_id").orderBy("id").execute();
    expect(rows).toEqual(rowsBefore(entity).map((row) => ({ ...row, ...ADDED_LATER[table] })));
    expect(await indexNames(db, table)).toEqual(indexesBefore.get(table));
  });

  it.each(scoped.map((entity) => [entity.table, entity] as const))("%s: the key is (system_id, id)", async (table, entity) => {
    // Another system may now hold the same id ...
    await dynamic(kysely)
      .insertInto(table)
      .values(rowOf(entity, 2, 1))
      .execute();
    // ... the same system may not, and nobody gets an id from the table any more.
    await expect(
      dynamic(kysely)
        .insertInto(table)
        .values({ ...rowOf(entity, 1, 4), id: 1 })
        .execute(),
    ).rejects.toThrow();
    const { id: _id, ...withoutId } = rowOf(entity, 1, 5);
    await expect(dynamic(kysely).insertInto(table).values(withoutId).execute()).rejects.toThrow();
    expect(await dynamic(kysely).selectFrom(table).select("id").where("system_id", "=", 2).orderBy("id").execute()).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it("keeps a role's call-source-group access and keys it per system", async () => {
    const rows = await kysely.selectFrom("role_callsource_group_permissions").selectAll().orderBy("system_id").execute();
    expect(rows).toEqual([
      { role_id: roleId, system_id: 1, callsource_group_id: 5, permission_level: "Read" },
      { role_id: roleId, system_id: 2, callsource_group_id: 6, permission_level: "Write" },
    ]);
    const grant = { role_id: roleId, system_id: 2, callsource_group_id: 5, permission_level: "Full" };
    await kysely.insertInto("role_callsource_group_permissions").values(grant).execute();
    await expect(
      kysely
        .insertInto("role_callsource_group_permissions")
        .values({ ...grant, permission_level: "Read" })
        .execute(),
    ).rejects.toThrow();
    // The reference to roles survived the rebuild: deleting the role takes its grants along.
    await kysely.deleteFrom("roles").where("id", "=", roleId).execute();
    expect(await kysely.selectFrom("role_callsource_group_permissions").selectAll().execute()).toEqual([]);
  });

  it("has nothing left to do on the next start", async () => {
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
