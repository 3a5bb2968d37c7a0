import { z } from "zod";
import { VALIDATION_KEYS, requiredOr } from "../validation-messages.ts";
import {
  ASSIGNED_NOTIFICATION_PAUSE_MS,
  INCIDENT_SEVERITIES,
  INCIDENT_SUBJECTS,
  notificationDue,
  severityRank,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSubject,
} from "./incidents.ts";

/**
 * Incident e-mail notifications (docs/decisions/039-incident-notifications.md): which incidents
 * a user hears about (subject × severity), and which e-mail an incident owes a user now.
 */

/**
 * spec data line 40: "Notification states: confirmed, error, opened, sent, unknown." Before the
 * mail server answered, a delivery is queued, sending or retrying (the call-log reports' words,
 * docs/decisions/023).
 * - sent: the mail server accepted it;
 * - opened: the recipient opened the incident afterwards;
 * - confirmed: the recipient acted on it (assigned or closed it);
 * - error: the mail server refused it, retries used up, or the user has no address;
 * - unknown: the process stopped while sending; not resent (the server may have accepted it).
 */
export const INCIDENT_NOTIFICATION_STATES = ["queued", "sending", "retrying", "sent", "opened", "confirmed", "error", "unknown"] as const;
export type IncidentNotificationState = (typeof INCIDENT_NOTIFICATION_STATES)[number];

export interface IncidentNotificationSubscription {
  subject: IncidentSubject;
  severity: IncidentSeverity;
}

/** A user's settings: the cells of the subject × severity grid that send them an e-mail. */
export const incidentNotificationSettingsSchema = z
  .object({
    /** Whose settings; absent or null: the caller's own. */
    user_id: z.number({ error: VALIDATION_KEYS.numeric }).int({ error: VALIDATION_KEYS.numeric }).positive({ error: VALIDATION_KEYS.numeric }).nullish(),
    subscriptions: z
      .array(
        z
          .object({
            subject: z.enum(INCIDENT_SUBJECTS, { error: requiredOr(VALIDATION_KEYS.no_match) }),
            severity: z.enum(INCIDENT_SEVERITIES, { error: requiredOr(VALIDATION_KEYS.no_match) }),
          })
          .strict(),
        { error: requiredOr(VALIDATION_KEYS.no_match) },
      )
      .max(INCIDENT_SUBJECTS.length * INCIDENT_SEVERITIES.length, { error: VALIDATION_KEYS.duplicate })
      .refine((list) => new Set(list.map((s) => `${s.subject}|${s.severity}`)).size === list.length, { error: VALIDATION_KEYS.duplicate }),
  })
  .strict();
export type IncidentNotificationSettingsInput = z.infer<typeof incidentNotificationSettingsSchema>;

export function isSubscribed(subscriptions: readonly IncidentNotificationSubscription[], subject: IncidentSubject, severity: IncidentSeverity): boolean {
  return subscriptions.some((s) => s.subject === subject && s.severity === severity);
}

/** What an e-mail says happened: an incident was raised (or got worse), or the pause after Assigned ended. */
export type IncidentNotificationKind = "raised" | "reminder";

/** A delivery already recorded for the incident and user. */
export interface RecordedNotification {
  event_key: string;
  severity: IncidentSeverity;
}

/**
 * The e-mail an incident owes one user now, or null. Each has a key; the server records
 * deliveries under (incident, user, key) with a unique index, so an event is mailed once however
 * often this is asked (a replayed evaluation, two passes at once).
 * - Nothing while notifications are not due (`notificationDue`: Closed, or in the pause after Assigned).
 * - Assigned and the pause over: one reminder per assignment (`reminder:<assigned_at>`); it names
 *   the severity of the moment, so a rise during the pause is in it.
 * - Otherwise a severity above every one mailed so far (`severity:<severity>`): the first mail of
 *   an incident, and a rise Warning → Critical. A lower severity sends nothing. A recurrence after
 *   Closed is a new incident (docs/decisions/033), so it mails again.
 * - Nothing about an event from before the user ticked the cell (`subscribed_since`): ticking
 *   Battery × Warning on a site with fifty weak batteries does not send fifty mails at once. The
 *   event's time is the incident's last change (raised or severity) or the end of the pause.
 */
export function owedNotification(
  incident: { status: IncidentStatus; severity: IncidentSeverity; assigned_at: number | null; changed_at: number },
  recorded: readonly RecordedNotification[],
  now: number,
  subscribedSince = 0,
): { kind: IncidentNotificationKind; key: string } | null {
  if (!notificationDue(incident, now)) return null;
  if (incident.status === "Assigned" && incident.assigned_at !== null) {
    const key = `reminder:${incident.assigned_at}`;
    if (!recorded.some((r) => r.event_key === key)) {
      return incident.assigned_at + ASSIGNED_NOTIFICATION_PAUSE_MS >= subscribedSince ? { kind: "reminder", key } : null;
    }
  }
  const highest = Math.max(0, ...recorded.map((r) => severityRank(r.severity)));
  if (severityRank(incident.severity) <= highest) return null;
  return incident.changed_at >= subscribedSince ? { kind: "raised", key: `severity:${incident.severity}` } : null;
}

/** The screen an e-mail links to (spec route "/analytics/incidents … children: /:id"). */
export function incidentPath(id: number): string {
  return `/analytics/incidents/${id}`;
}
