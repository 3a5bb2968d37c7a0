import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Saved call filters and per-user report subscriptions (spec data §3.4 "Saved call filter: name,
 * time range, report kinds daily/weekly/monthly"; docs/decisions/023-saved-call-filters-and-reports.md).
 *
 * A subscription carries its own delivery state: the period it last sent, the period it has
 * claimed for sending, and the retry state. Claiming before sending and recording after it is
 * what keeps a report from going out twice (see the decision).
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("call_filters")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("owner_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      .addColumn("shared", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("range", "varchar(30)", (c) => c.notNull())
      .addColumn("custom_from", "bigint")
      .addColumn("custom_to", "bigint")
      .addColumn("call_type_ids", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("section_ids", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("node_ids", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("state", "varchar(10)", (c) => c.notNull().defaultTo("all"))
      .addColumn("min_duration", "integer")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    // "name unique per system": the database holds the rule against two parallel saves too.
    await db.schema.createIndex("call_filters_system_name").on("call_filters").columns(["system_id", "name"]).unique().execute();
    await db.schema
      .createTable("report_subscriptions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("filter_id", "integer", (c) => c.notNull().references("call_filters.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "varchar(10)", (c) => c.notNull())
      .addColumn("emails", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
      // Delivery state: see the decision. status: ok | sending | retrying | failed | unknown.
      .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("ok"))
      .addColumn("last_sent_period", "varchar(10)")
      .addColumn("last_sent_at", "bigint")
      .addColumn("claimed_period", "varchar(10)")
      .addColumn("claimed_at", "bigint")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint")
      .addColumn("last_error", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("report_subscriptions_unique").on("report_subscriptions").columns(["filter_id", "user_id", "kind"]).unique().execute();
  },
});
