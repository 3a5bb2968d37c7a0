import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

type ColumnType = "integer" | "bigint" | "varchar(50)" | "varchar(100)" | "varchar(255)" | "varchar(20)" | "text";

/**
 * The remaining node fields of spec data §3.6 "System tree" (docs/decisions/019-system-tree-fields.md):
 * the configured device settings, the inherit flags, the device text overrides, schedule and
 * display group ids; node notes ("Note: text, author, created_at") and the reachability history
 * (spec §9 "Reachability shown for 14 days").
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    // [name, type, NOT NULL default or null for a nullable column]
    const columns: [string, ColumnType, string | number | null][] = [
      ["callback_number", "varchar(50)", null],
      ["comment", "varchar(255)", null],
      // Reported by the hardware (values not shown in the spec): kept as the controller sends them.
      ["health", "varchar(20)", null],
      ["status", "varchar(20)", null],
      ["position", "varchar(100)", null],
      ["position_updated_at", "bigint", null],
      ["is_linkable", "integer", 0],
      ["is_tech", "integer", 0],
      ["radio", "integer", 0],
      ["day_sound_level", "integer", null],
      ["night_sound_level", "integer", null],
      ["disable_buzzer_at_night", "integer", 0],
      ["mask_time_at_night", "integer", 0],
      ["display_time", "integer", null],
      ["show_calls_without_presence", "integer", 0],
      ["use_activity_control", "integer", 0],
      ["flight_profile_id", "integer", null],
      ["linked_system_tree_node_id", "integer", null],
      // JSON object {call_source, checkpoint, button}: texts the device shows instead of the defaults.
      ["device_text_overrides", "text", "{}"],
      ["schedule_id", "integer", null],
      // JSON array of display group ids.
      ["display_group_ids", "text", "[]"],
      ["active_display_group_override_id", "integer", null],
      ["inherit_section", "integer", 0],
      ["inherit_text_long", "integer", 0],
      ["inherit_text_short", "integer", 0],
      ["inherit_flight_profile", "integer", 0],
    ];
    // One statement per column: SQLite's ALTER TABLE adds one column at a time.
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable("system_tree_nodes")
        .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
        .execute();
    }
    // The link lookup ("linking nodes") and the flat list read by these.
    await db.schema.createIndex("system_tree_nodes_linked_idx").on("system_tree_nodes").columns(["system_id", "linked_system_tree_node_id"]).execute();
    await db.schema.createIndex("system_tree_nodes_parent_idx").on("system_tree_nodes").columns(["system_id", "parent_id"]).execute();

    await db.schema
      .createTable("system_tree_node_notes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("node_id", "integer", (c) => c.notNull())
      .addColumn("text", "varchar(500)", (c) => c.notNull())
      // The author's name as it was: a later rename or deletion of the user keeps the note's author.
      .addColumn("author", "varchar(255)", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("system_tree_node_notes_node_idx").on("system_tree_node_notes").columns(["system_id", "node_id", "created_at"]).execute();

    await db.schema
      .createTable("device_reachability_history")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("node_id", "integer", (c) => c.notNull())
      .addColumn("from_at", "bigint", (c) => c.notNull())
      // Null while the period is still going.
      .addColumn("to_at", "bigint")
      .addColumn("reachable", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("device_reachability_history_node_idx")
      .on("device_reachability_history")
      .columns(["system_id", "node_id", "from_at"])
      .execute();
    await db.schema.createIndex("device_reachability_history_to_idx").on("device_reachability_history").columns(["to_at"]).execute();
  },
});
