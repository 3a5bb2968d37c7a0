import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Incidents and probable-defect monitors (spec data §3.8; docs/decisions/033-incident-engine.md).
 * `open_guard` is 1 while an incident is New or Assigned and NULL once Closed: the unique index
 * over (system, node, subject, source, open_guard) lets at most one open incident exist per device
 * and subject (per monitor for probable defects), on both databases (NULLs never collide), so a
 * replayed device event or two evaluations at once can never double one.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("incidents")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("node_id", "integer", (c) => c.notNull())
      // Battery | Defect | ProbableDefect | Reachability
      .addColumn("subject", "varchar(20)", (c) => c.notNull())
      // The monitor of a ProbableDefect, 0 for the other subjects.
      .addColumn("source_id", "integer", (c) => c.notNull().defaultTo(0))
      // Critical | Info | Warning
      .addColumn("severity", "varchar(10)", (c) => c.notNull())
      // New | Assigned | Closed
      .addColumn("status", "varchar(10)", (c) => c.notNull())
      .addColumn("open_guard", "integer")
      .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("closed_by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("assigned_at", "bigint")
      .addColumn("closed_at", "bigint")
      .addColumn("condition_ended_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("incidents_open_guard")
      .on("incidents")
      .columns(["system_id", "node_id", "subject", "source_id", "open_guard"])
      .unique()
      .execute();
    await db.schema.createIndex("incidents_list").on("incidents").columns(["system_id", "status", "created_at"]).execute();
    await db.schema
      .createTable("incident_monitors")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("name", "varchar(50)", (c) => c.notNull())
      .addColumn("criterion", "varchar(6)", (c) => c.notNull())
      .addColumn("threshold", "integer", (c) => c.notNull())
      .addColumn("timeframe", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("incident_monitors_name").on("incident_monitors").columns(["system_id", "name"]).unique().execute();
  },
});
