import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The analytics rollup moves into memory (docs/decisions/046-analytics-in-memory.md): the rollup
 * tables of migration 0026 go. What stays in the database is one token per system that changes
 * whenever calls are deleted (the clean-up, a restore), so every server instance knows when its
 * columns in memory no longer match the calls (modules/analytics/analytics-rollup.ts).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      "analytics_rollup_hours",
      "analytics_rollup_weeks",
      "analytics_rollup_devices",
      "analytics_rollup_pending",
      "analytics_rollup_state",
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema
      .createTable("analytics_epochs")
      .addColumn("system_id", "integer", (c) => c.primaryKey())
      .addColumn("epoch", "varchar(64)", (c) => c.notNull())
      .execute();
  },
};
