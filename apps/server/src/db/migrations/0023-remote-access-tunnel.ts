import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Remote access (docs/decisions/042-remote-access-tunnel.md): one settings row (id 1) with the
 * support host, its pinned host key and the write-only secrets, and one state row (id 1) that says
 * whether the tunnel should be open, until when, and what the process holding it reports.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("tunnel_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("host", "varchar(253)", (c) => c.notNull().defaultTo(""))
      .addColumn("port", "integer", (c) => c.notNull().defaultTo(22))
      .addColumn("username", "varchar(100)", (c) => c.notNull().defaultTo(""))
      .addColumn("auth_method", "varchar(20)", (c) => c.notNull().defaultTo("key"))
      // Write-only: never sent to a client nor logged (ARCHITECTURE «Security rules»).
      .addColumn("private_key", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("password", "varchar(1024)", (c) => c.notNull().defaultTo(""))
      .addColumn("host_key_fingerprint", "varchar(60)", (c) => c.notNull().defaultTo(""))
      .addColumn("remote_port", "integer", (c) => c.notNull().defaultTo(8080))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("tunnel_state")
      .addColumn("id", "integer", (c) => c.primaryKey())
      // Null: off. Otherwise the instant (ms) the tunnel closes by itself.
      .addColumn("open_until", "bigint")
      .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("off"))
      .addColumn("failure", "varchar(40)")
      .addColumn("opened_by", "integer")
      .addColumn("opened_at", "bigint")
      // The process holding the connection and when it last said so (several instances: one holds it).
      .addColumn("owner", "varchar(64)")
      .addColumn("owner_seen_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  },
};
