import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/** Display profiles and their per-system schedule/group settings (spec data §3.5). */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("display_profiles")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      .addColumn("slug", "varchar(120)", (c) => c.notNull().unique())
      .addColumn("font_size", "varchar(10)", (c) => c.notNull().defaultTo("normal"))
      .addColumn("fullscreen", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("locale", "varchar(5)", (c) => c.notNull().defaultTo("de"))
      .addColumn("show_presences", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("show_video_stream", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("show_calls_from_system", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    let settings = db.schema
      .createTable("display_profile_settings")
      .addColumn("profile_id", "integer", (c) => c.notNull().references("display_profiles.id").onDelete("cascade"))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("weekday_schedule_id", "integer")
      .addColumn("weekend_schedule_id", "integer");
    for (const period of ["weekday", "weekend"]) {
      for (let slot = 1; slot <= 5; slot++) settings = settings.addColumn(`${period}_display_group_${slot}_id`, "integer");
    }
    await settings.addPrimaryKeyConstraint("display_profile_settings_pk", ["profile_id", "system_id"]).execute();
  },
});
