import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Technical e-mail reports (spec data §3.8 "Report: ..."; docs/decisions/038-technical-reports.md).
 * `technical_reports` is the registry table of the entity `technicalReport`, keyed per system like
 * every registry table since 0007. `technical_report_sends` holds one row per report, kind and
 * period: its unique key is the claim the scheduler takes before it talks SMTP, so a period is
 * never sent twice (not by two ticks, not after a restart).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("technical_reports")
      .addColumn("id", "integer", (c) => c.notNull())
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("email", "varchar(255)", (c) => c.notNull())
      .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("send_daily", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("send_weekly", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("send_monthly", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("include_battery", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("battery_threshold", "integer")
      .addColumn("include_long_calls", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("call_duration_threshold", "integer")
      .addColumn("include_not_reachable", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("include_probable_defects", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("probable_defect_criterion", "varchar(10)")
      .addColumn("probable_defect_count_threshold", "integer")
      .addColumn("probable_defect_duration", "integer")
      .addColumn("radio_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("technical_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("wired_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("notify_battery", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("notify_defects", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("notify_not_reachable", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("notify_probable_defects", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("technical_reports_pk", ["system_id", "id"])
      .execute();
    await db.schema
      .createTable("technical_report_sends")
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("report_id", "integer", (c) => c.notNull())
      // daily | weekly | monthly
      .addColumn("kind", "varchar(10)", (c) => c.notNull())
      // The period's first local day, yyyy-MM-dd (domain report-schedule.ts reportPeriod().key).
      .addColumn("period_key", "varchar(10)", (c) => c.notNull())
      // sending | sent | retrying | failed
      .addColumn("status", "varchar(10)", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint")
      .addColumn("last_error", "varchar(40)")
      .addColumn("claimed_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .addPrimaryKeyConstraint("technical_report_sends_pk", ["system_id", "report_id", "kind", "period_key"])
      .execute();
  },
};
