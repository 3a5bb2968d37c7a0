import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Call log exports as background jobs (docs/decisions/025-call-log-exports.md). A job keeps the
 * filter it was started with (JSON), so an interrupted job can run again as it was asked.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("export_jobs")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("format", "varchar(10)", (c) => c.notNull())
      // new | running | done | failed | canceled | interrupted
      .addColumn("state", "varchar(12)", (c) => c.notNull())
      .addColumn("filter", "text", (c) => c.notNull())
      .addColumn("locale", "varchar(5)", (c) => c.notNull())
      .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("row_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("error", "text")
      .addColumn("file_name", "varchar(200)")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("finished_at", "bigint")
      .execute();
    await db.schema.createIndex("export_jobs_user").on("export_jobs").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("export_jobs_state").on("export_jobs").columns(["state"]).execute();
  },
});
