import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The one setup step that closes the anonymous first-run setup. */
export const INITIAL_USER_STEP = "initial_user";

/**
 * The first-run setup as one atomic step (six parallel anonymous createInitialUser calls
 * made six superusers). One row per step, keyed by its unique name; `done_at` is set exactly once
 * by a conditional UPDATE (`... WHERE done_at IS NULL`), which both databases run atomically: on
 * PostgreSQL the row lock makes a parallel claim wait and then find the row done, on SQLite the
 * writes are serial. An installation that already has users is done.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("setup_state")
      .addColumn("step", "varchar(40)", (c) => c.primaryKey())
      .addColumn("done_at", "bigint")
      .execute();
    await sql`insert into setup_state (step, done_at)
      select cast(${INITIAL_USER_STEP} as varchar(40)), case when exists (select 1 from users) then cast(${Date.now()} as bigint) else null end`.execute(db);
  },
};
