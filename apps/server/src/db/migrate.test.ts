import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./database.ts";
import { migrateToLatest, migrateWithExtra } from "./migrate.ts";
import { freshDatabase, TEST_DIALECTS } from "../test-support/test-server.ts";

/**
 * An update's data migration (docs/decisions/043-signed-updates.md; product notes: "one-time update
 * steps run at start-up and are retried if they fail"): a migration that fails leaves the schema
 * as it was and is not recorded, so the previous version still runs on it and the next start
 * tries again; one that succeeded never runs again.
 */
describe.each(TEST_DIALECTS)("migrations on %s", (dialect) => {
  let db: Db | null = null;
  let drop: () => Promise<void> = async () => {};
  afterEach(async () => {
    await db?.close();
    await drop();
  });

  const tableExists = async (kysely: Kysely<unknown>, name: string): Promise<boolean> =>
    (await kysely.introspection.getTables()).some((table) => table.name === name);

  it("a failing migration changes nothing and is retried; a successful one runs once", async () => {
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    db = openDatabase({ databaseUrl: fresh.env["DATABASE_URL"], dataDir: fresh.env["DATA_DIR"] ?? "" });
    await migrateToLatest(db);
    let runs = 0;
    let fail = true;
    const step = {
      async up(kysely: Kysely<unknown>): Promise<void> {
        runs++;
        await kysely.schema
          .createTable("update_step_probe")
          .addColumn("id", "integer", (c) => c.primaryKey())
          .execute();
        await sql`insert into update_step_probe (id) values (1)`.execute(kysely);
        // Half done, then the step fails: nothing of it may remain.
        if (fail) throw new Error("disk full");
      },
    };
    await expect(migrateWithExtra(db, { "9999-update-step": step })).rejects.toThrow(/9999-update-step failed: disk full/);
    expect(await tableExists(db.kysely as Kysely<unknown>, "update_step_probe")).toBe(false);
    // The previous version's schema is whole: it starts (its migrations are all applied).
    expect(await migrateToLatest(db)).toEqual([]);

    // The next start tries again, and this time the step succeeds.
    fail = false;
    expect(await migrateWithExtra(db, { "9999-update-step": step })).toEqual(["9999-update-step"]);
    expect(await tableExists(db.kysely as Kysely<unknown>, "update_step_probe")).toBe(true);
    expect(await migrateWithExtra(db, { "9999-update-step": step })).toEqual([]);
    expect(runs).toBe(2);
  }, 60_000);
});
