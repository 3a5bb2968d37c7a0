import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

// Written with the schema builder only so it runs unchanged on SQLite and PostgreSQL.
// Instants are BIGINT milliseconds (see db/schema.ts).
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("settings")
      .addColumn("key", "varchar(100)", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("licences")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("licence_id", "integer", (c) => c.notNull())
      .addColumn("customer", "varchar(6)", (c) => c.notNull())
      .addColumn("name", "varchar(255)", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("code", "text", (c) => c.notNull())
      .addColumn("activated_at", "bigint", (c) => c.notNull())
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema
      .createTable("systems")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("name", "varchar(255)", (c) => c.notNull())
      .addColumn("ip", "varchar(64)", (c) => c.notNull())
      .addColumn("username", "varchar(255)", (c) => c.notNull())
      .addColumn("password", "varchar(255)", (c) => c.notNull())
      // Minutes from a Monday-start week; default Saturday 00:00 to Monday 00:00.
      .addColumn("weekend_start", "integer", (c) => c.notNull().defaultTo(7200))
      .addColumn("weekend_stop", "integer", (c) => c.notNull().defaultTo(10080))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("users")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("username", "varchar(255)", (c) => c.notNull().unique())
      .addColumn("name", "varchar(255)", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("password_is_temporary", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("locale", "varchar(5)")
      .addColumn("homepage", "varchar(255)")
      .addColumn("is_superuser", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("is_ldap", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("emails", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("system_access", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("roles")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("name", "varchar(255)", (c) => c.notNull())
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("role_permissions")
      .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
      .addColumn("code", "varchar(100)", (c) => c.notNull())
      .addColumn("level", "varchar(10)", (c) => c.notNull())
      .addPrimaryKeyConstraint("role_permissions_pk", ["role_id", "code"])
      .execute();

    await db.schema
      .createTable("user_roles")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
      .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("ip", "varchar(64)", (c) => c.notNull())
      .addColumn("user_agent", "varchar(512)", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

    await db.schema
      .createTable("login_throttle")
      .addColumn("key", "varchar(300)", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("window_started_at", "bigint", (c) => c.notNull())
      .addColumn("blocked_until", "bigint", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_logs")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer")
      .addColumn("user_id", "integer")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("entity_type", "varchar(100)", (c) => c.notNull())
      .addColumn("entity_id", "integer")
      .addColumn("entity_display_name", "varchar(255)")
      .addColumn("namespace", "varchar(50)", (c) => c.notNull())
      .addColumn("action", "varchar(50)", (c) => c.notNull())
      .addColumn("field", "varchar(100)")
      .addColumn("value_old", "text")
      .addColumn("value_new", "text")
      .addColumn("meta", "text")
      .execute();
    await db.schema.createIndex("audit_logs_created_idx").on("audit_logs").column("created_at").execute();
    await db.schema.createIndex("audit_logs_entity_idx").on("audit_logs").columns(["entity_type", "entity_id"]).execute();

    await db.schema
      .createTable("audit_log_changes")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("audit_log_id", "integer", (c) => c.notNull().references("audit_logs.id").onDelete("cascade"))
      .addColumn("field", "varchar(100)", (c) => c.notNull())
      .addColumn("value_old", "text")
      .addColumn("value_new", "text")
      .execute();
  },
});
