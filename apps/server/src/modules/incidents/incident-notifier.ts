import {
  ASSIGNED_NOTIFICATION_PAUSE_MS,
  canAccessSystem,
  formatZonedDateTime,
  FALLBACK_LOCALE,
  hasPermission,
  incidentPath,
  owedNotification,
  toLocale,
  type IncidentNotificationKind,
  type IncidentNotificationSubscription,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSubject,
  type RecordedNotification,
} from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database, IncidentNotificationsTable } from "../../db/schema.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { loadAuthUser } from "../auth/users.repo.ts";
import { systemTimeZone } from "../reports/report-subscriptions.service.ts";
import { incidentMail } from "./incident-notification-messages.ts";
import { incidentDeviceText } from "./incident-mail-device.ts";
import { sendMailQueue } from "./mail-queue.ts";
import type { IncidentNotifierDeps } from "./incident-notifier-deps.ts";
import { planReportIncidentMails, sendReportIncidentMails } from "./incident-report-mails.ts";

export type { IncidentNotifierDeps };

/**
 * Incident e-mails (docs/decisions/039-incident-notifications.md). After each evaluation of the
 * incident engine (and so after every periodic pass) the notifier compares the system's open
 * incidents with what each subscribed user was mailed, and the domain's `owedNotification` says
 * what is owed: a raised incident, a rise in severity, the end of the pause after Assigned.
 *
 * Once per event: the delivery row is inserted before the mail goes, under a unique key
 * (incident, user, event); a second planning of the same event inserts nothing. A row is claimed
 * (queued → sending) by a conditional UPDATE before the SMTP conversation; one left sending longer
 * than the reports' STALE_SENDING_MS turns "unknown" and is not resent. Mail server trouble
 * retries with the reports' backoff; then "error".
 *
 * Never in anyone's way: `kick` queues the work and returns; the engine and the call path never
 * wait for a mail server.
 */

type DeliveryRow = Selectable<IncidentNotificationsTable>;

const CHUNK = 900;

interface Subscriber {
  id: number;
  subscriptions: (IncidentNotificationSubscription & { since: number })[];
  emails: string[];
}

/** The users who ticked a cell and may see the system's incidents. */
async function subscribers(db: Kysely<Database>, systemId: number): Promise<Subscriber[]> {
  const cells = await db.selectFrom("incident_notification_settings").selectAll().execute();
  if (cells.length === 0) return [];
  const byUser = new Map<number, Subscriber["subscriptions"]>();
  for (const cell of cells) {
    const list = byUser.get(cell.user_id) ?? [];
    list.push({ subject: cell.subject as IncidentSubject, severity: cell.severity as IncidentSeverity, since: Number(cell.created_at) });
    byUser.set(cell.user_id, list);
  }
  const users = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "in", [...byUser.keys()])
    .execute();
  const out: Subscriber[] = [];
  for (const row of users) {
    const user = await loadAuthUser(db, row);
    // Who lost the permission or the system stops hearing about it; their grid stays for when it comes back.
    if (!hasPermission(user, "analytics::manage_incidents") || !canAccessSystem(user, systemId)) continue;
    out.push({ id: row.id, subscriptions: byUser.get(row.id) ?? [], emails: JSON.parse(row.emails) as string[] });
  }
  return out;
}

/** Records what the system's open incidents owe their subscribers now; returns how many were queued. */
export async function planIncidentNotifications(db: Kysely<Database>, systemId: number, now: number): Promise<number> {
  const users = await subscribers(db, systemId);
  if (users.length === 0) return 0;
  const incidents = await db
    .selectFrom("incidents")
    .select(["id", "subject", "severity", "status", "assigned_at", "updated_at"])
    .where("system_id", "=", systemId)
    .where("open_guard", "=", 1)
    .execute();
  let queued = 0;
  for (let i = 0; i < incidents.length; i += CHUNK) {
    const part = incidents.slice(i, i + CHUNK);
    const recorded = await db
      .selectFrom("incident_notifications")
      .select(["incident_id", "user_id", "event_key", "severity"])
      .where(
        "incident_id",
        "in",
        part.map((p) => p.id),
      )
      .execute();
    const seen = new Map<string, RecordedNotification[]>();
    for (const r of recorded) {
      const key = `${r.incident_id}|${r.user_id}`;
      const list = seen.get(key) ?? [];
      list.push({ event_key: r.event_key, severity: r.severity as IncidentSeverity });
      seen.set(key, list);
    }
    const rows: Omit<DeliveryRow, "id" | "attempts">[] = [];
    for (const incident of part) {
      const subject = incident.subject as IncidentSubject;
      const severity = incident.severity as IncidentSeverity;
      const status = incident.status as IncidentStatus;
      const assignedAt = incident.assigned_at === null ? null : Number(incident.assigned_at);
      for (const user of users) {
        const cell = user.subscriptions.find((s) => s.subject === subject && s.severity === severity);
        if (!cell) continue;
        const owed = owedNotification(
          { status, severity, assigned_at: assignedAt, changed_at: Number(incident.updated_at) },
          seen.get(`${incident.id}|${user.id}`) ?? [],
          now,
          cell.since,
        );
        if (!owed) continue;
        const noAddress = user.emails.length === 0;
        rows.push({
          system_id: systemId,
          incident_id: incident.id,
          user_id: user.id,
          event_key: owed.key,
          kind: owed.kind,
          severity,
          emails: JSON.stringify(user.emails),
          // A user without an address is told on the screen (error) rather than silently skipped.
          status: noAddress ? "error" : "queued",
          next_attempt_at: null,
          claimed_at: null,
          last_error: noAddress ? "no_address" : null,
          created_at: now,
          sent_at: null,
          updated_at: now,
        });
      }
    }
    for (let j = 0; j < rows.length; j += 200) {
      const inserted = await db
        .insertInto("incident_notifications")
        .values(rows.slice(j, j + 200))
        // Planned already (a concurrent run, a replay): the event is not mailed twice.
        .onConflict((oc) => oc.columns(["incident_id", "user_id", "event_key"]).doNothing())
        .returning("id")
        .execute();
      queued += inserted.length;
    }
  }
  return queued;
}

async function buildMail(deps: IncidentNotifierDeps, row: DeliveryRow) {
  const db = deps.db;
  const incident = await db.selectFrom("incidents").selectAll().where("id", "=", row.incident_id).executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select(["name", "username", "locale"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
  const locale = toLocale(user.locale) ?? toLocale((await readGlobalSettings(db)).locale) ?? FALLBACK_LOCALE;
  const system = await db.selectFrom("systems").select("name").where("id", "=", row.system_id).executeTakeFirst();
  const zone = await systemTimeZone(db, row.system_id);
  const mail = incidentMail(locale, {
    kind: row.kind as IncidentNotificationKind,
    subject: incident.subject as IncidentSubject,
    severity: row.severity as IncidentSeverity,
    device: await incidentDeviceText(db, locale, row.system_id, incident),
    system: system?.name ?? String(row.system_id),
    user: user.name || user.username,
    since: formatZonedDateTime(Number(incident.created_at), zone),
    link: `${deps.publicUrl.replace(/\/+$/, "")}${incidentPath(incident.id)}`,
    pauseHours: ASSIGNED_NOTIFICATION_PAUSE_MS / 3_600_000,
  });
  return {
    to: JSON.parse(row.emails) as string[],
    ...mail,
    messageId: `<incident.${row.incident_id}.${row.user_id}.${row.event_key.replace(/[^\w.-]/g, "-")}@caresuite.invalid>`,
  };
}

/** Sends the users' queued deliveries; returns how many went out. */
export function sendQueuedIncidentNotifications(deps: IncidentNotifierDeps): Promise<number> {
  return sendMailQueue(deps, "incident_notifications", (row) => buildMail(deps, row), "incident e-mail");
}

export interface IncidentNotifier {
  /** The system's incidents were evaluated: plan and send what is owed, queued; the caller does not wait. */
  kick(systemId: number): void;
  /** Resolves when the queued work is done (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startIncidentNotifier(deps: IncidentNotifierDeps): IncidentNotifier {
  let chain: Promise<void> = Promise.resolve();
  /** Systems whose planning is queued and not started: a second kick joins it. */
  const waiting = new Set<number>();
  let running = true;
  const kick = (systemId: number): void => {
    if (!running || waiting.has(systemId)) return;
    waiting.add(systemId);
    chain = chain
      .then(async () => {
        waiting.delete(systemId);
        await planIncidentNotifications(deps.db, systemId, deps.now());
        // Technical reports' notify_* opt-ins (docs/decisions/038): mails to their addresses.
        await planReportIncidentMails(deps.db, systemId, deps.now());
        await sendQueuedIncidentNotifications(deps);
        await sendReportIncidentMails(deps);
      })
      .catch((error: unknown) => deps.log.error(error, "incident notifications failed"));
  };
  const idle = async (): Promise<void> => {
    let seen: Promise<void> | null = null;
    while (seen !== chain) {
      seen = chain;
      await chain;
    }
  };
  return {
    kick,
    idle,
    stop: async () => {
      running = false;
      await idle();
    },
  };
}
