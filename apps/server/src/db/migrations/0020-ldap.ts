import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * LDAP sign-in (spec data §3.8 "LDAP"; docs/decisions/040-ldap-sign-in.md): one settings row
 * (id 1) and the group → role mapping. A deleted role takes its mapping lines with it.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("ldap_settings")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("dsn", "varchar(500)", (c) => c.notNull().defaultTo(""))
      .addColumn("starttls", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("base_dn", "varchar(1000)", (c) => c.notNull().defaultTo(""))
      .addColumn("admin_user", "varchar(1000)", (c) => c.notNull().defaultTo(""))
      // Write-only: never sent to a client (ARCHITECTURE «Security rules»).
      .addColumn("admin_password", "varchar(1024)", (c) => c.notNull().defaultTo(""))
      .addColumn("user_filter", "varchar(1000)", (c) => c.notNull().defaultTo(""))
      .addColumn("roles_attribute", "varchar(200)", (c) => c.notNull().defaultTo(""))
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("ldap_group_roles")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("group_dn", "varchar(1000)", (c) => c.notNull())
      .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
      .addColumn("sort_order", "integer", (c) => c.notNull())
      .execute();
  },
});
