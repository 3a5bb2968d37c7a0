import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * The call path (ARCHITECTURE «Call path guarantees»): the system tree imported from the controller, calls, and per
 * system the link's position in the controller's event journal (last applied sequence).
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    // spec data §3.8 configurator "tcp_port": where the controller's protocol listens.
    await db.schema
      .alterTable("systems")
      .addColumn("tcp_port", "integer", (c) => c.notNull().defaultTo(7700))
      .execute();
    await db.schema
      .createTable("system_tree_nodes")
      .addColumn("system_id", "integer", (c) => c.notNull())
      // The controller's id: configuration belongs to the element (ARCHITECTURE «Product rules»).
      .addColumn("id", "integer", (c) => c.notNull())
      .addColumn("kind", "varchar(20)", (c) => c.notNull())
      .addColumn("parent_id", "integer")
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      .addColumn("number", "integer")
      .addColumn("serial", "varchar(64)")
      .addColumn("mac", "varchar(32)")
      .addColumn("text_short", "varchar(7)", (c) => c.notNull().defaultTo(""))
      .addColumn("text_long", "varchar(19)", (c) => c.notNull().defaultTo(""))
      .addColumn("call_source_id", "integer")
      .addColumn("section_id", "integer")
      .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("default_call_type_id", "integer")
      .addColumn("deny_manual_call_closure", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("battery", "integer")
      .addColumn("battery_reported_at", "bigint")
      .addColumn("reachable", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("last_reachable_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("system_tree_nodes_pk", ["system_id", "id"])
      .execute();

    await db.schema
      .createTable("calls")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      // The controller's call id within its journal: applying the same event twice finds it.
      .addColumn("journal_id", "varchar(64)", (c) => c.notNull().defaultTo(""))
      .addColumn("external_id", "bigint", (c) => c.notNull())
      .addColumn("device_id", "integer", (c) => c.notNull())
      .addColumn("call_type_id", "integer", (c) => c.notNull())
      .addColumn("call_source_id", "integer")
      .addColumn("section_id", "integer")
      .addColumn("opened_at", "bigint", (c) => c.notNull())
      .addColumn("closed_at", "bigint")
      .addColumn("close_reason", "varchar(20)")
      .addColumn("manually_closed_by_username", "varchar(255)")
      .addColumn("handled_by_app_username", "varchar(255)")
      // What the call log shows keeps the names of the moment the call happened.
      .addColumn("call_type_text", "varchar(50)", (c) => c.notNull().defaultTo(""))
      .addColumn("call_source_text", "varchar(50)", (c) => c.notNull().defaultTo(""))
      .addColumn("device_text_short", "varchar(7)", (c) => c.notNull().defaultTo(""))
      .addColumn("device_text_long", "varchar(19)", (c) => c.notNull().defaultTo(""))
      .addColumn("section_name", "varchar(50)", (c) => c.notNull().defaultTo(""))
      .addColumn("seq", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("calls_external_unique").on("calls").columns(["system_id", "journal_id", "external_id"]).unique().execute();
    await db.schema.createIndex("calls_open_idx").on("calls").columns(["system_id", "closed_at"]).execute();
    await db.schema.createIndex("calls_opened_idx").on("calls").columns(["system_id", "opened_at"]).execute();

    await db.schema
      .createTable("callsystem_links")
      .addColumn("system_id", "integer", (c) => c.primaryKey())
      .addColumn("last_seq", "bigint", (c) => c.notNull().defaultTo(0))
      // The controller's journal identity: a different one means a reset controller (restart at 0).
      .addColumn("journal_id", "varchar(64)")
      .addColumn("last_event_at", "bigint")
      .addColumn("config_revision", "integer")
      .addColumn("imported_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
});
