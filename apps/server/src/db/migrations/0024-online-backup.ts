import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Online backup (docs/decisions/045-online-backup.md): one row (id 1) with the SFTP target, its
 * pinned host key, the write-only token (private key or password), whether an upload runs and the
 * last result.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("online_backup")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("path", "varchar(1000)", (c) => c.notNull().defaultTo(""))
      .addColumn("host_key_fingerprint", "varchar(60)", (c) => c.notNull().defaultTo(""))
      // Write-only: never sent to a client nor logged (ARCHITECTURE «Security rules»).
      .addColumn("token", "text", (c) => c.notNull().defaultTo(""))
      // While an upload runs: when it started (ms); null otherwise.
      .addColumn("uploading_since", "bigint")
      .addColumn("last_ok", "integer")
      .addColumn("last_name", "varchar(100)")
      .addColumn("last_error", "varchar(40)")
      .addColumn("last_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
