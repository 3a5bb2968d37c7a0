import { z } from "zod";
import type { GlobalSettings } from "../global-settings.ts";
import { VALIDATION_KEYS, requiredOr, requiredString } from "../validation-messages.ts";
import { isReachable, type MonitoredKind } from "./device-health.ts";
import { CRITERION } from "./criterion.ts";

/**
 * Incidents (spec data §3.8, §4; screens "Incident status", "Incident indicator"), the rules the
 * server's incident engine and the screens share. docs/decisions/033-incident-engine.md says
 * where the spec is silent and what was decided.
 */

/** spec data line 35: "Incident severity: Critical, Info, Warning." */
export const INCIDENT_SEVERITIES = ["Critical", "Info", "Warning"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
/** spec data line 35: "Incident status: Assigned, Closed, New." */
export const INCIDENT_STATUSES = ["Assigned", "Closed", "New"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** spec data line 35: "Incident kind/subject: Battery, Defect, ProbableDefect, Reachability." */
export const INCIDENT_SUBJECTS = ["Battery", "Defect", "ProbableDefect", "Reachability"] as const;
export type IncidentSubject = (typeof INCIDENT_SUBJECTS)[number];
/** spec data line 35: "Incident filter: All, Open, Settled." */
export const INCIDENT_FILTERS = ["All", "Open", "Settled"] as const;
export type IncidentFilter = (typeof INCIDENT_FILTERS)[number];

/** Critical above Warning above Info. */
export function severityRank(severity: IncidentSeverity): number {
  return severity === "Critical" ? 3 : severity === "Warning" ? 2 : 1;
}

/** Open: New or Assigned (someone still has to act); Settled: Closed; All: every incident. */
export function statusesOf(filter: IncidentFilter): readonly IncidentStatus[] {
  if (filter === "Open") return ["New", "Assigned"];
  if (filter === "Settled") return ["Closed"];
  return INCIDENT_STATUSES;
}

export function isOpenStatus(status: IncidentStatus): boolean {
  return status !== "Closed";
}

export type IncidentAction = "assign" | "close" | "reopen";
/** Why a person's action is refused: the incident is not in a state that allows it (CONFLICT). */
export type IncidentRefusal = "incident_closed" | "incident_already_assigned" | "incident_not_closed";

/**
 * spec screens: "Incident status: New, then Assigned (notifications pause for some time), then
 * Closed (notifications resume on recurrence). A closed problem can be reopened."
 * - assign: New → Assigned. An Assigned incident is somebody's already: of two people who assign
 *   at once exactly one wins, the other is told (incident_already_assigned). A Closed incident
 *   cannot be assigned (incident_closed): reopen it first.
 * - close: New or Assigned → Closed.
 * - reopen: Closed → New (it waits for somebody to take it, as a fresh one does).
 */
export function incidentTransition(
  status: IncidentStatus,
  action: IncidentAction,
): { ok: true; status: IncidentStatus } | { ok: false; reason: IncidentRefusal } {
  switch (action) {
    case "assign":
      if (status === "New") return { ok: true, status: "Assigned" };
      return { ok: false, reason: status === "Closed" ? "incident_closed" : "incident_already_assigned" };
    case "close":
      return status === "Closed" ? { ok: false, reason: "incident_closed" } : { ok: true, status: "Closed" };
    case "reopen":
      return status === "Closed" ? { ok: true, status: "New" } : { ok: false, reason: "incident_not_closed" };
  }
}

/**
 * "Assigned (notifications pause for some time)": how long. One shift (8 h): whoever took the
 * incident has their shift to deal with it before the others are reminded.
 */
export const ASSIGNED_NOTIFICATION_PAUSE_MS = 8 * 3_600_000;

/** Until when notifications about an incident are paused; null when they are not. */
export function notificationsPausedUntil(incident: { status: IncidentStatus; assigned_at: number | null }): number | null {
  if (incident.status !== "Assigned" || incident.assigned_at === null) return null;
  return incident.assigned_at + ASSIGNED_NOTIFICATION_PAUSE_MS;
}

/** Whether people are notified about an incident now: New yes, Assigned after the pause, Closed never. */
export function notificationDue(incident: { status: IncidentStatus; assigned_at: number | null }, now: number): boolean {
  if (incident.status === "Closed") return false;
  const until = notificationsPausedUntil(incident);
  return until === null || now >= until;
}

/**
 * spec screens "Incident indicator: Critical if any new critical incident, else Warning if any new
 * warning, else Info." Null when nothing is New (the indicator shows no alarm).
 */
export function incidentIndicator(incidents: readonly { status: IncidentStatus; severity: IncidentSeverity }[]): IncidentSeverity | null {
  const fresh = incidents.filter((i) => i.status === "New");
  if (fresh.length === 0) return null;
  if (fresh.some((i) => i.severity === "Critical")) return "Critical";
  if (fresh.some((i) => i.severity === "Warning")) return "Warning";
  return "Info";
}

// ---- Which device state raises which subject and severity --------------------------------------

type Thresholds = Pick<GlobalSettings, "battery_threshold_low" | "battery_threshold_critical">;

/**
 * Battery: spec §4 "OK at or above low threshold; low otherwise; colour ... yellow at or above
 * critical, red below". Below critical (red) is Critical, below low (yellow) a Warning, an unknown
 * level ("null or -1") nothing.
 */
export function batteryIncident(level: number | null, thresholds: Thresholds): IncidentSeverity | null {
  if (level === null || level === -1 || !Number.isFinite(level)) return null;
  if (level < thresholds.battery_threshold_critical) return "Critical";
  if (level < thresholds.battery_threshold_low) return "Warning";
  return null;
}

type Timeouts = Pick<GlobalSettings, "monitoring_timeout_radio" | "monitoring_timeout_tech" | "monitoring_timeout_wired">;

/**
 * Reachability: a device the call system reports unreachable for longer than its type's
 * monitoring timeout (spec §9 "monitoring timeout per device type in minutes") is Critical: a
 * patient's call from it would not arrive. A shorter drop is radio noise; a timeout of 0 switches
 * monitoring off for the type.
 */
export function reachabilityIncident(
  device: { reachable: boolean; unreachable_since: number | null; kind: MonitoredKind },
  timeouts: Timeouts,
  now: number,
): IncidentSeverity | null {
  if (device.reachable) return null;
  // Unknown since when: the drop counts from now on (the first report the server saw).
  const since = device.unreachable_since ?? now;
  return isReachable(since, device.kind, timeouts, now) === false ? "Critical" : null;
}

/**
 * Defect: a call of a call type flagged Defect (spec §2 "call type flag: Defect") that stays open
 * `defects_timeout` seconds (spec §9 "defects timeout in seconds") is Critical: the device
 * reports itself broken. Shorter ones cleared themselves. A checkpoint's defect flag (spec data
 * "Checkpoint mode / call type flag: Defect, None, Presence"; the `checkpoint.defect` event) is
 * the same rule with the time the flag was set.
 */
export function defectIncident(openDefectSince: number | null, defectsTimeoutSeconds: number, now: number): IncidentSeverity | null {
  if (openDefectSince === null) return null;
  return now - openDefectSince >= defectsTimeoutSeconds * 1000 ? "Critical" : null;
}

/**
 * ProbableDefect: a monitor counts a device's events matching its criterion over its timeframe;
 * at or above the threshold the device is probably defective (a Warning: it still works, but
 * something is wrong with it).
 */
export function probableDefectIncident(count: number, threshold: number): IncidentSeverity | null {
  return count >= threshold ? "Warning" : null;
}

// ---- What the engine does with a condition ----------------------------------------------------

/** The incident of a device and subject the engine compares with the current condition. */
export interface IncidentEpisode {
  status: IncidentStatus;
  severity: IncidentSeverity;
  /** When the condition that raised it ended; null while it lasts (or nobody saw it end). */
  condition_ended_at: number | null;
  /** Reopened by a person: the engine no longer closes it, people do. */
  held: boolean;
}

export type EngineStep =
  | { kind: "none" }
  | { kind: "open"; severity: IncidentSeverity }
  | { kind: "severity"; severity: IncidentSeverity }
  | { kind: "resolve" }
  | { kind: "condition_ended" };

/**
 * One device and subject: the latest relevant incident (open, or closed while its condition
 * lasted) against the condition now (a severity, or null when the device is fine).
 * - No incident, condition: open one (New).
 * - Open incident, condition: its severity follows the condition.
 * - Open incident, no condition: the device recovered; the engine closes it, unless a person
 *   reopened it (held).
 * - Closed by a person while the condition lasts: nothing until the condition ends ("notifications
 *   resume on recurrence": closing is "we know"); a worse severity is a recurrence.
 * - Closed and the condition ended, then it comes back: a recurrence, a new incident.
 */
export function engineStep(latest: IncidentEpisode | null, condition: IncidentSeverity | null): EngineStep {
  if (condition === null) {
    if (latest === null) return { kind: "none" };
    if (latest.status !== "Closed") return latest.held ? { kind: "none" } : { kind: "resolve" };
    return latest.condition_ended_at === null ? { kind: "condition_ended" } : { kind: "none" };
  }
  if (latest === null) return { kind: "open", severity: condition };
  if (latest.status !== "Closed") return latest.severity === condition ? { kind: "none" } : { kind: "severity", severity: condition };
  if (latest.condition_ended_at !== null) return { kind: "open", severity: condition };
  return severityRank(condition) > severityRank(latest.severity) ? { kind: "open", severity: condition } : { kind: "none" };
}

// ---- Probable-defect monitors -----------------------------------------------------------------

/** The number a criterion names (0x6A → 106); the monitor compares it with the call type's id. */
export function criterionCode(criterion: string): number {
  return Number.parseInt(criterion.slice(2), 16);
}

const intBetween = (min: number, max: number) =>
  z
    .number({ error: requiredOr(VALIDATION_KEYS.numeric) })
    .int({ error: VALIDATION_KEYS.numeric })
    .refine((v) => v >= min && v <= max, { error: VALIDATION_KEYS.between, params: { min, max } });

/** Longest timeframe a monitor looks back: 30 days (the count stays one indexed query). */
export const MONITOR_TIMEFRAME_MAX_HOURS = 720;

/**
 * A probable-defect monitor (spec data §3.8 "name, criterion, threshold, timeframe in hours"):
 * threshold a count from 1 to 100, timeframe at least one hour.
 */
export const incidentMonitorSchema = z
  .object({
    name: requiredString().max(50, { error: VALIDATION_KEYS.max_length }),
    criterion: z
      .string({ error: requiredOr(VALIDATION_KEYS.criterion) })
      .trim()
      .regex(CRITERION, { error: VALIDATION_KEYS.criterion }),
    threshold: intBetween(1, 100),
    timeframe: intBetween(1, MONITOR_TIMEFRAME_MAX_HOURS),
  })
  .strict();
export type IncidentMonitorInput = z.infer<typeof incidentMonitorSchema>;
