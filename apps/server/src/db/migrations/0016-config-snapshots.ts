import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The controller's configuration as last fetched, per system ("theirs"): the configuration
 * changelog compares our tables with it, and a re-import that must not overwrite unpublished local
 * edits keeps only this (docs/decisions/028-config-ours-versus-theirs.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("config_snapshots")
      .addColumn("system_id", "integer", (c) => c.primaryKey())
      // The controller's configuration as JSON (docs/protocol.md "Configuration"), secrets dropped.
      .addColumn("theirs", "text", (c) => c.notNull())
      .addColumn("revision", "integer", (c) => c.notNull())
      .addColumn("fetched_at", "bigint", (c) => c.notNull())
      // When theirs was last brought into our tables (import on connect, config.changed or by hand).
      .addColumn("imported_at", "bigint")
      .execute();
  },
};
