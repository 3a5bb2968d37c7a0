import {
  fieldErrors,
  incidentNotificationSettingsSchema,
  INCIDENT_SUBJECTS,
  type IncidentNotificationState,
  type IncidentNotificationSubscription,
  type IncidentSeverity,
  type IncidentSubject,
} from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";

/** The grid's rows and columns: subjects as the spec lists them; severities from the most urgent. */
export const GRID_SUBJECTS: readonly IncidentSubject[] = INCIDENT_SUBJECTS;
export const GRID_SEVERITIES: readonly IncidentSeverity[] = ["Critical", "Warning", "Info"];

/** One cell's key in the form's set of ticked cells. */
export const cellKey = (subject: string, severity: string): string => `${subject}:${severity}`;

export function cellsOf(subscriptions: readonly IncidentNotificationSubscription[]): Set<string> {
  return new Set(subscriptions.map((s) => cellKey(s.subject, s.severity)));
}

/** The ticked cells as the server's input, in the grid's order. */
export function subscriptionsOf(cells: ReadonlySet<string>): IncidentNotificationSubscription[] {
  return GRID_SUBJECTS.flatMap((subject) =>
    GRID_SEVERITIES.filter((severity) => cells.has(cellKey(subject, severity))).map((severity) => ({ subject, severity })),
  );
}

/** The input the server gets, checked with the same schema it uses; the field errors (i18n keys) when it would refuse. */
export function notificationInput(
  userId: number | null,
  cells: ReadonlySet<string>,
): { input: { user_id: number | null; subscriptions: IncidentNotificationSubscription[] }; errors: Record<string, FieldError> } {
  const input = { user_id: userId, subscriptions: subscriptionsOf(cells) };
  const parsed = incidentNotificationSettingsSchema.safeParse(input);
  return { input, errors: parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error)) };
}

/** Badge colour of a delivery state (spec: sent, confirmed, opened, error, unknown). */
export function stateColor(state: IncidentNotificationState): string {
  switch (state) {
    case "sent":
    case "opened":
    case "confirmed":
      return "green";
    case "error":
      return "red";
    case "unknown":
    case "retrying":
      return "orange";
    default:
      return "blue";
  }
}

/**
 * i18n key of a delivery failure (server last_error: smtp:<class>, no_address, interrupted,
 * internal). The server's own text is never shown: unknown ones read "other".
 */
export function failureKey(lastError: string | null | undefined): string | null {
  if (!lastError) return null;
  const known = ["smtp:timeout", "smtp:connection", "smtp:auth", "smtp:tls", "smtp:rejected", "smtp:not_configured", "no_address", "interrupted"];
  return `incidentNotifications.failures.${known.includes(lastError) ? lastError.replace(":", "_") : "other"}`;
}
