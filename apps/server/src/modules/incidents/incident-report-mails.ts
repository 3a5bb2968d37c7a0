import {
  ASSIGNED_NOTIFICATION_PAUSE_MS,
  FALLBACK_LOCALE,
  formatZonedDateTime,
  incidentPath,
  owedNotification,
  toLocale,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSubject,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { systemTimeZone } from "../reports/report-subscriptions.service.ts";
import { incidentMail } from "./incident-notification-messages.ts";
import type { Selectable } from "kysely";
import type { IncidentReportNotificationsTable } from "../../db/schema.ts";
import type { MailMessage } from "../reports/mailer.ts";
import { incidentDeviceText } from "./incident-mail-device.ts";
import { sendMailQueue } from "./mail-queue.ts";
import type { IncidentNotifierDeps } from "./incident-notifier-deps.ts";

/**
 * A technical report's `notify_*` opt-ins (docs/decisions/038-technical-reports.md): an enabled
 * report whose opt-in names an incident's subject mails its address when the incident is raised
 * (and when its severity rises), like a user's grid does (docs/decisions/039) — but no reminders
 * after Assigned: the address is not a person who can take the incident. Recipients are addresses,
 * not users, so deliveries are keyed by (incident, report, event key); a second planning of the
 * same event inserts nothing. Events from before the report was last saved are not mailed (its
 * `updated_at` plays the grid cell's `created_at`).
 */
export const NOTIFY_FIELD: Record<IncidentSubject, "notify_battery" | "notify_defects" | "notify_not_reachable" | "notify_probable_defects"> = {
  Battery: "notify_battery",
  Defect: "notify_defects",
  Reachability: "notify_not_reachable",
  ProbableDefect: "notify_probable_defects",
};

export async function planReportIncidentMails(db: Kysely<Database>, systemId: number, now: number): Promise<number> {
  const reports = await entityTables(db).selectFrom("technical_reports").selectAll().where("system_id", "=", systemId).where("enabled", "=", 1).execute();
  const opted = reports.filter((r) => Object.values(NOTIFY_FIELD).some((field) => r[field] === 1) && r.email);
  if (opted.length === 0) return 0;
  const incidents = await db
    .selectFrom("incidents")
    .select(["id", "subject", "severity", "status", "assigned_at", "updated_at"])
    .where("system_id", "=", systemId)
    .where("open_guard", "=", 1)
    .execute();
  let queued = 0;
  for (let i = 0; i < incidents.length; i += 900) {
    const part = incidents.slice(i, i + 900);
    const recorded = await db
      .selectFrom("incident_report_notifications")
      .select(["incident_id", "report_id", "event_key", "severity"])
      .where(
        "incident_id",
        "in",
        part.map((p) => p.id),
      )
      .execute();
    const rows = [];
    for (const incident of part) {
      const subject = incident.subject as IncidentSubject;
      for (const report of opted) {
        if (report[NOTIFY_FIELD[subject]] !== 1) continue;
        const seen = recorded
          .filter((r) => r.incident_id === incident.id && r.report_id === report.id)
          .map((r) => ({ event_key: r.event_key, severity: r.severity as IncidentSeverity }));
        const owed = owedNotification(
          {
            status: incident.status as IncidentStatus,
            severity: incident.severity as IncidentSeverity,
            // No reminders: the report's address cannot take the incident.
            assigned_at: null,
            changed_at: Number(incident.updated_at),
          },
          seen,
          now,
          Number(report.updated_at),
        );
        if (!owed || owed.kind !== "raised") continue;
        rows.push({
          system_id: systemId,
          incident_id: incident.id,
          report_id: report.id,
          event_key: owed.key,
          severity: incident.severity,
          email: report.email ?? "",
          status: "queued",
          next_attempt_at: null,
          claimed_at: null,
          last_error: null,
          created_at: now,
          sent_at: null,
          updated_at: now,
        });
      }
    }
    for (let j = 0; j < rows.length; j += 200) {
      const inserted = await db
        .insertInto("incident_report_notifications")
        .values(rows.slice(j, j + 200))
        .onConflict((oc) => oc.columns(["incident_id", "report_id", "event_key"]).doNothing())
        .returning("id")
        .execute();
      queued += inserted.length;
    }
  }
  return queued;
}

/** Sends the reports' queued incident mails (the same queue rules as the users' deliveries: mail-queue.ts). */
export function sendReportIncidentMails(deps: IncidentNotifierDeps): Promise<number> {
  return sendMailQueue(deps, "incident_report_notifications", (row) => buildReportMail(deps, row), "report incident e-mail");
}

async function buildReportMail(deps: IncidentNotifierDeps, row: Selectable<IncidentReportNotificationsTable>): Promise<MailMessage> {
  const db = deps.db;
  const incident = await db.selectFrom("incidents").selectAll().where("id", "=", row.incident_id).executeTakeFirstOrThrow();
  const locale = toLocale((await readGlobalSettings(db)).locale) ?? FALLBACK_LOCALE;
  const system = await db.selectFrom("systems").select("name").where("id", "=", row.system_id).executeTakeFirst();
  const device = await incidentDeviceText(db, locale, row.system_id, incident);
  const mail = incidentMail(locale, {
    kind: "raised",
    subject: incident.subject as IncidentSubject,
    severity: row.severity as IncidentSeverity,
    device,
    system: system?.name ?? String(row.system_id),
    user: row.email,
    since: formatZonedDateTime(Number(incident.created_at), await systemTimeZone(db, row.system_id)),
    link: `${deps.publicUrl.replace(/\/+$/, "")}${incidentPath(incident.id)}`,
    pauseHours: ASSIGNED_NOTIFICATION_PAUSE_MS / 3_600_000,
  });
  return {
    to: [row.email],
    ...mail,
    messageId: `<incident.${row.incident_id}.report-${row.report_id}.${row.event_key.replace(/[^\w.-]/g, "-")}@caresuite.invalid>`,
  };
}
