import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Backups and restore (docs/decisions/041-backups.md). `backup_settings` is one row (id 1): the
 * nightly time, on/off and how many good backups stay. `backup_jobs` records each backup and
 * restore; two unique columns are the claims: `active` is 1 while a job runs (null after), so
 * never two run at once, on any instance; `slot` names the scheduled time a nightly backup
 * covers, so a slot is backed up once.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("backup_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("time", "varchar(5)", (c) => c.notNull().defaultTo("03:00"))
      .addColumn("retention", "integer", (c) => c.notNull().defaultTo(7))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("backup_jobs")
      .addColumn("id", "integer", idColumn(dialect))
      // backup | restore
      .addColumn("kind", "varchar(10)", (c) => c.notNull())
      // scheduled | manual
      .addColumn("trigger", "varchar(10)", (c) => c.notNull())
      .addColumn("slot", "varchar(20)", (c) => c.unique())
      .addColumn("active", "integer", (c) => c.unique())
      // running | done | failed | interrupted
      .addColumn("status", "varchar(12)", (c) => c.notNull())
      .addColumn("folder", "varchar(40)")
      .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("error", "varchar(40)")
      .addColumn("size", "bigint")
      .addColumn("user_id", "integer")
      .addColumn("started_at", "bigint", (c) => c.notNull())
      .addColumn("heartbeat_at", "bigint", (c) => c.notNull())
      .addColumn("finished_at", "bigint")
      .execute();
  },
});
