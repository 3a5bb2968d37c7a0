import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, TEST_DIALECTS } from "../../test-support/test-server.ts";
import { openDatabase, type Db } from "../database.ts";
import { migrateTo, migrateToLatest } from "../migrate.ts";
import type { Database } from "../schema.ts";

const NOW = 1_700_000_000_000;

describe.each(TEST_DIALECTS)("0010-system-tree-fields upgrades an imported tree on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let kysely: Kysely<Database>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = openDatabase({ databaseUrl: database.env["DATABASE_URL"], dataDir: database.env["DATA_DIR"] ?? "" });
    kysely = db.kysely;
    await migrateTo(db, "0009-setup-finished");
    // A node as 0004 stored it: only its columns exist yet.
    await (kysely as unknown as Kysely<{ system_tree_nodes: Record<string, unknown> }>)
      .insertInto("system_tree_nodes")
      .values({
        system_id: 1,
        id: 23,
        kind: "device",
        parent_id: 20,
        name: "Zimmer 101 Bett 1",
        text_short: "Z101-B1",
        text_long: "Zimmer 101 Bett 1",
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    expect(await migrateToLatest(db)).toContain("0010-system-tree-fields");
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it("keeps the node and gives the new fields their defaults", async () => {
    const node = await kysely.selectFrom("system_tree_nodes").selectAll().where("id", "=", 23).executeTakeFirstOrThrow();
    expect(node).toMatchObject({
      name: "Zimmer 101 Bett 1",
      is_tech: 0,
      radio: 0,
      is_linkable: 0,
      inherit_section: 0,
      inherit_text_long: 0,
      inherit_text_short: 0,
      inherit_flight_profile: 0,
      device_text_overrides: "{}",
      display_group_ids: "[]",
      linked_system_tree_node_id: null,
      comment: null,
      flight_profile_id: null,
    });
  });

  it("holds notes and reachability periods", async () => {
    await kysely
      .insertInto("system_tree_node_notes")
      .values({ system_id: 1, node_id: 23, text: "Batterie ersetzt", author: "Anna", created_at: NOW })
      .execute();
    await kysely.insertInto("device_reachability_history").values({ system_id: 1, node_id: 23, from_at: NOW, to_at: null, reachable: 1 }).execute();
    expect(await kysely.selectFrom("system_tree_node_notes").select(["text", "author"]).execute()).toEqual([{ text: "Batterie ersetzt", author: "Anna" }]);
    expect(await kysely.selectFrom("device_reachability_history").select(["node_id", "to_at", "reachable"]).execute()).toEqual([
      { node_id: 23, to_at: null, reachable: 1 },
    ]);
  });
});
