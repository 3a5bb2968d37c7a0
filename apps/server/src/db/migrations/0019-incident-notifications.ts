import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Incident e-mail notifications (docs/decisions/039-incident-notifications.md): a user's grid
 * (subject × severity, one row per ticked cell) and the deliveries. The unique index over
 * (incident, user, event key) is the promise that an incident event mails a user once: the row
 * is inserted before the mail goes, and a second insert of the same event does nothing.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("incident_notification_settings")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // Battery | Defect | ProbableDefect | Reachability
      .addColumn("subject", "varchar(20)", (c) => c.notNull())
      // Critical | Info | Warning
      .addColumn("severity", "varchar(10)", (c) => c.notNull())
      // When the cell was ticked: events from before it are not mailed.
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("incident_notification_settings_pk", ["user_id", "subject", "severity"])
      .execute();
    await db.schema
      .createTable("incident_notifications")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("incident_id", "integer", (c) => c.notNull().references("incidents.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // severity:<severity> | reminder:<assigned_at> (domain owedNotification)
      .addColumn("event_key", "varchar(40)", (c) => c.notNull())
      // raised | reminder
      .addColumn("kind", "varchar(10)", (c) => c.notNull())
      .addColumn("severity", "varchar(10)", (c) => c.notNull())
      // JSON array: the user's addresses when it was queued.
      .addColumn("emails", "text", (c) => c.notNull())
      // queued | sending | retrying | sent | opened | confirmed | error | unknown
      .addColumn("status", "varchar(10)", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint")
      .addColumn("claimed_at", "bigint")
      .addColumn("last_error", "varchar(40)")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("sent_at", "bigint")
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("incident_notifications_event")
      .on("incident_notifications")
      .columns(["incident_id", "user_id", "event_key"])
      .unique()
      .execute();
    await db.schema.createIndex("incident_notifications_user").on("incident_notifications").columns(["user_id", "created_at"]).execute();
    await db.schema.createIndex("incident_notifications_status").on("incident_notifications").columns(["status"]).execute();
  },
});
