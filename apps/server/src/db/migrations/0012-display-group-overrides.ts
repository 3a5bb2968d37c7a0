import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Display group overrides (docs/decisions/022-display-group-overrides.md). spec data §3 "Display
 * group override: name, is_enabled, section_id, section_display_group_id,
 * systemtree_display_group_id"; "Section: ... has_display_group_override, ...,
 * active_display_group_override_id". Ids per system like every registry table since 0007: the key
 * is (system_id, id). The section columns are set by the server from the overrides.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("display_group_overrides")
      .addColumn("id", "integer", (c) => c.notNull())
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("name", "varchar(50)", (c) => c.notNull())
      .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("section_id", "integer", (c) => c.notNull())
      .addColumn("section_display_group_id", "integer", (c) => c.notNull())
      .addColumn("systemtree_display_group_id", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("display_group_overrides_pk", ["system_id", "id"])
      .execute();
    await db.schema.createIndex("display_group_overrides_name_unique").on("display_group_overrides").columns(["system_id", "name"]).unique().execute();
    await db.schema.createIndex("display_group_overrides_section_idx").on("display_group_overrides").columns(["system_id", "section_id"]).execute();
    // One statement per column: SQLite's ALTER TABLE adds one column at a time.
    await db.schema
      .alterTable("sections")
      .addColumn("has_display_group_override", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("sections").addColumn("active_display_group_override_id", "integer").execute();
  },
};
