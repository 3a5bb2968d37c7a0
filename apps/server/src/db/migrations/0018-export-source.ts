import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * An export job's source (spec data §3.1 "Export source: Calls, SystemTree";
 * docs/decisions/037-system-tree-export.md): the call log for the stored filter, or the system
 * tree the user sees. Jobs from before are call log exports.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("export_jobs")
      .addColumn("source", "varchar(12)", (c) => c.notNull().defaultTo("Calls"))
      .execute();
  },
};
