import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";
import { idColumn } from "./columns.ts";

/**
 * Incident sources (docs/decisions/033-incident-engine.md):
 * - `incidents.call_id`: the call behind a Defect. The engine stores the id of the latest open
 *   defect call of the device; a recurrence stores its own. Null for the other subjects and for
 *   incidents raised before. No foreign key: the call log's clean-up may delete the call while the
 *   incident stays (the API then shows no link).
 * - `checkpoint_defects`: the checkpoints (by number, as the controller names them) whose defect
 *   flag is set, since when (`checkpoint.defect` events). A row while the flag is set; a replayed
 *   event keeps the first time.
 * - `incident_report_notifications`: the immediate incident e-mails of technical reports whose
 *   `notify_*` opt-in names the incident's subject (docs/decisions/038). Keyed by (incident,
 *   report, event key) like the users' deliveries by (incident, user, event key): the row is
 *   inserted before the mail goes, a second planning of the same event inserts nothing.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("incidents").addColumn("call_id", "integer").execute();
    await db.schema
      .createTable("checkpoint_defects")
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("since", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("checkpoint_defects_pk", ["system_id", "number"])
      .execute();
    await db.schema
      .createTable("incident_report_notifications")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("incident_id", "integer", (c) => c.notNull().references("incidents.id").onDelete("cascade"))
      // The technical report (registry id, per system); no foreign key: registry rows are keyed by (system, id).
      .addColumn("report_id", "integer", (c) => c.notNull())
      .addColumn("event_key", "varchar(40)", (c) => c.notNull())
      .addColumn("severity", "varchar(10)", (c) => c.notNull())
      // The report's address when it was queued.
      .addColumn("email", "varchar(255)", (c) => c.notNull())
      // queued | sending | retrying | sent | error | unknown
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
      .createIndex("incident_report_notifications_event")
      .on("incident_report_notifications")
      .columns(["incident_id", "report_id", "event_key"])
      .unique()
      .execute();
    await db.schema.createIndex("incident_report_notifications_status").on("incident_report_notifications").columns(["status"]).execute();
  },
});
