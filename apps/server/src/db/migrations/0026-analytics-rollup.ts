import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";

/** Must match modules/analytics/response-buckets.ts BUCKET_COUNT (a test checks it); a new scheme is a new migration. */
const BUCKETS = 111;

/**
 * The analytics rollup (docs/decisions/034-analytics.md "The rollup"), filled off the call path by
 * a background pass (modules/analytics/analytics-rollup.ts); nothing on the call path writes it.
 * Times are the system's local wall clock in the zone recorded in the state row:
 * - `analytics_rollup_hours`: per local hour × section × call type, the closed calls, the sum of
 *   their response times and their count per response bucket (b0 … b110);
 * - `analytics_rollup_weeks`: the same per block of `weeks` (1 or 4) weeks of local days × local
 *   hour of day (long periods: a year is mostly 4-week blocks, the rest weeks, then hours);
 * - `analytics_rollup_devices`: per block of `days` (1, 7 or 28) local days × device × section ×
 *   call type (by room);
 * - `analytics_rollup_state`: per system, the zone and the watermark (the highest call id folded;
 *   calls at or below it are in the rollup unless listed in `analytics_rollup_pending`, the calls
 *   the watermark passed while they were still open).
 * Section -1 stands for a call without a section (a key column cannot be null).
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const buckets = <T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T> => {
      let t = table;
      for (let i = 0; i < BUCKETS; i++) t = t.addColumn(`b${i}`, "integer", (c) => c.notNull().defaultTo(0));
      return t;
    };
    const keyed = <T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T> =>
      dialect === "sqlite" ? table.modifyEnd(sql`without rowid`) : table;

    await db.schema
      .createTable("analytics_rollup_state")
      .addColumn("system_id", "integer", (c) => c.primaryKey())
      .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
      .addColumn("watermark", "bigint", (c) => c.notNull())
      // PostgreSQL: the highest id seen by a pass and the snapshot's xmax then; once every
      // transaction running at that moment has ended, no call below that id can still appear.
      .addColumn("candidate_id", "bigint")
      .addColumn("candidate_xmax", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("analytics_rollup_pending")
      .addColumn("call_id", "bigint", (c) => c.primaryKey())
      .addColumn("system_id", "integer", (c) => c.notNull())
      .execute();
    await buckets(
      keyed(
        db.schema
          .createTable("analytics_rollup_hours")
          .addColumn("system_id", "integer", (c) => c.notNull())
          .addColumn("hour", "integer", (c) => c.notNull())
          .addColumn("section_id", "integer", (c) => c.notNull())
          .addColumn("call_type_id", "integer", (c) => c.notNull())
          .addColumn("calls", "integer", (c) => c.notNull())
          .addColumn("response_ms", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("analytics_rollup_hours_pk", ["system_id", "hour", "section_id", "call_type_id"]),
      ),
    ).execute();
    // The volume charts read only the counts: a narrow index answers them without the buckets.
    await db.schema
      .createIndex("analytics_rollup_hours_counts")
      .on("analytics_rollup_hours")
      .columns(["system_id", "hour", "section_id", "call_type_id", "calls", "response_ms"])
      .execute();
    await buckets(
      keyed(
        db.schema
          .createTable("analytics_rollup_weeks")
          .addColumn("system_id", "integer", (c) => c.notNull())
          // Block `week` of `weeks` weeks: local hours 168·weeks·week … 168·weeks·(week + 1) − 1.
          .addColumn("weeks", "integer", (c) => c.notNull())
          .addColumn("week", "integer", (c) => c.notNull())
          .addColumn("hour_of_day", "integer", (c) => c.notNull())
          .addColumn("section_id", "integer", (c) => c.notNull())
          .addColumn("call_type_id", "integer", (c) => c.notNull())
          .addColumn("calls", "integer", (c) => c.notNull())
          .addColumn("response_ms", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("analytics_rollup_weeks_pk", ["system_id", "weeks", "week", "hour_of_day", "section_id", "call_type_id"]),
      ),
    ).execute();
    await buckets(
      keyed(
        db.schema
          .createTable("analytics_rollup_devices")
          .addColumn("system_id", "integer", (c) => c.notNull())
          // Block `period` of `days` days: local hours 24·days·period … 24·days·(period + 1) − 1.
          .addColumn("days", "integer", (c) => c.notNull())
          .addColumn("period", "integer", (c) => c.notNull())
          .addColumn("device_id", "integer", (c) => c.notNull())
          .addColumn("section_id", "integer", (c) => c.notNull())
          .addColumn("call_type_id", "integer", (c) => c.notNull())
          .addColumn("calls", "integer", (c) => c.notNull())
          .addPrimaryKeyConstraint("analytics_rollup_devices_pk", ["system_id", "days", "period", "device_id", "section_id", "call_type_id"]),
      ),
    ).execute();
  },
});
