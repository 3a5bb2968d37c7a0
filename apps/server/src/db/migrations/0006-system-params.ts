import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The configurator's remaining system parameters (spec data §3.8): network, time, call
 * suppression and the firmware version last seen. Defaults match SYSTEM_PARAM_DEFAULTS of the
 * domain (frozen here: a later change of the defaults is a new migration). Times are minutes.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const columns: [string, "integer" | "varchar(64)" | "varchar(255)" | "text", string | number | null][] = [
      ["dhcp", "integer", 0],
      ["gateway", "varchar(64)", ""],
      ["subnet", "varchar(64)", "255.255.255.0"],
      ["ntp_server", "varchar(255)", ""],
      ["timezone", "varchar(64)", "Europe/Zurich"],
      ["daylight_savings", "integer", 1],
      ["display_language", "varchar(64)", "de"],
      ["night_start", "integer", 22 * 60],
      ["night_stop", "integer", 6 * 60],
      ["auto_commit", "integer", 0],
      ["call_suppression_enabled", "integer", 0],
      // JSON array of section ids of this system.
      ["call_suppression_sections", "text", "[]"],
      ["call_suppression_time_start", "integer", 22 * 60],
      ["call_suppression_time_end", "integer", 6 * 60],
    ];
    // One statement per column: SQLite's ALTER TABLE adds one column at a time.
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable("systems")
        .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
        .execute();
    }
    // The firmware version the last connection check reported (unknown until then).
    await db.schema.alterTable("systems").addColumn("version", "varchar(64)").execute();
  },
};
