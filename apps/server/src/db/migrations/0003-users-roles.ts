import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Users' notification flags and roles' call-source-group access (spec data §3.3, §6). */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("users")
      .addColumn("notify_email", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("notify_push", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("role_callsource_group_permissions")
      .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id").onDelete("cascade"))
      .addColumn("callsource_group_id", "integer", (c) => c.notNull())
      .addColumn("system_id", "integer", (c) => c.notNull())
      /** None | Read | Write | Full */
      .addColumn("permission_level", "varchar(10)", (c) => c.notNull())
      .addPrimaryKeyConstraint("role_csg_pk", ["role_id", "callsource_group_id"])
      .execute();
  },
};
