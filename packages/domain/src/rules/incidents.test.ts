import { describe, expect, it } from "vitest";
import {
  ASSIGNED_NOTIFICATION_PAUSE_MS,
  batteryIncident,
  criterionCode,
  defectIncident,
  engineStep,
  incidentIndicator,
  incidentMonitorSchema,
  incidentTransition,
  notificationDue,
  notificationsPausedUntil,
  probableDefectIncident,
  reachabilityIncident,
  statusesOf,
  type EngineStep,
  type IncidentAction,
  type IncidentEpisode,
  type IncidentSeverity,
  type IncidentStatus,
} from "./incidents.ts";
import { DEFAULT_GLOBAL_SETTINGS } from "../global-settings.ts";

// spec screens: "Incident status: New, then Assigned (notifications pause for some time), then
// Closed (notifications resume on recurrence). A closed problem can be reopened."
describe("incidentTransition", () => {
  it.each<[IncidentStatus, IncidentAction, ReturnType<typeof incidentTransition>]>([
    ["New", "assign", { ok: true, status: "Assigned" }],
    ["Assigned", "assign", { ok: false, reason: "incident_already_assigned" }],
    ["Closed", "assign", { ok: false, reason: "incident_closed" }],
    ["New", "close", { ok: true, status: "Closed" }],
    ["Assigned", "close", { ok: true, status: "Closed" }],
    ["Closed", "close", { ok: false, reason: "incident_closed" }],
    ["Closed", "reopen", { ok: true, status: "New" }],
    ["New", "reopen", { ok: false, reason: "incident_not_closed" }],
    ["Assigned", "reopen", { ok: false, reason: "incident_not_closed" }],
  ])("%s + %s → %o", (status, action, expected) => {
    expect(incidentTransition(status, action)).toEqual(expected);
  });
});

// spec data line 35: "Incident filter: All, Open, Settled."
describe("statusesOf", () => {
  it.each([
    ["All", ["Assigned", "Closed", "New"]],
    ["Open", ["New", "Assigned"]],
    ["Settled", ["Closed"]],
  ] as const)("%s → %o", (filter, statuses) => {
    expect([...statusesOf(filter)].sort()).toEqual([...statuses].sort());
  });
});

// "Assigned (notifications pause for some time) ... Closed (notifications resume on recurrence)"
describe("notifications", () => {
  const assignedAt = 1_000_000;
  it.each<[IncidentStatus, number | null, number, boolean]>([
    ["New", null, assignedAt, true],
    ["Assigned", assignedAt, assignedAt + 1, false],
    ["Assigned", assignedAt, assignedAt + ASSIGNED_NOTIFICATION_PAUSE_MS - 1, false],
    ["Assigned", assignedAt, assignedAt + ASSIGNED_NOTIFICATION_PAUSE_MS, true],
    ["Closed", assignedAt, assignedAt + ASSIGNED_NOTIFICATION_PAUSE_MS * 10, false],
  ])("%s (assigned at %s) at %s → due %s", (status, assigned, now, due) => {
    expect(notificationDue({ status, assigned_at: assigned }, now)).toBe(due);
  });
  it("the pause ends one shift after the assignment", () => {
    expect(notificationsPausedUntil({ status: "Assigned", assigned_at: assignedAt })).toBe(assignedAt + 8 * 3_600_000);
    expect(notificationsPausedUntil({ status: "New", assigned_at: null })).toBeNull();
  });
});

// spec screens: "Incident indicator: Critical if any new critical incident, else Warning if any new warning, else Info."
describe("incidentIndicator", () => {
  it.each<[{ status: IncidentStatus; severity: IncidentSeverity }[], IncidentSeverity | null]>([
    [[], null],
    [[{ status: "Assigned", severity: "Critical" }], null],
    [[{ status: "New", severity: "Info" }], "Info"],
    [
      [
        { status: "New", severity: "Info" },
        { status: "New", severity: "Warning" },
      ],
      "Warning",
    ],
    [
      [
        { status: "New", severity: "Warning" },
        { status: "Closed", severity: "Critical" },
      ],
      "Warning",
    ],
    [
      [
        { status: "New", severity: "Warning" },
        { status: "New", severity: "Critical" },
      ],
      "Critical",
    ],
  ])("%o → %s", (incidents, expected) => {
    expect(incidentIndicator(incidents)).toBe(expected);
  });
});

// spec §3.8 "Battery thresholds: threshold_critical, threshold_low (defaults 25 and 40)"; §4
// "OK at or above low threshold; low otherwise; colour green at or above low, yellow at or above critical, red below."
describe("batteryIncident", () => {
  it.each<[number | null, IncidentSeverity | null]>([
    [null, null],
    [-1, null],
    [100, null],
    [40, null],
    [39, "Warning"],
    [25, "Warning"],
    [24, "Critical"],
    [0, "Critical"],
  ])("battery %s → %s", (level, expected) => {
    expect(batteryIncident(level, DEFAULT_GLOBAL_SETTINGS)).toBe(expected);
  });
  it("follows the global settings", () => {
    expect(batteryIncident(45, { battery_threshold_low: 50, battery_threshold_critical: 30 })).toBe("Warning");
    expect(batteryIncident(29, { battery_threshold_low: 50, battery_threshold_critical: 30 })).toBe("Critical");
  });
});

// spec §9 "monitoring timeout per device type in minutes" (global settings monitoring_timeout_radio/tech/wired)
describe("reachabilityIncident", () => {
  const timeouts = { monitoring_timeout_radio: 1440, monitoring_timeout_tech: 120, monitoring_timeout_wired: 60 };
  const now = 10 * 86_400_000;
  const min = 60_000;
  it.each<[string, { reachable: boolean; unreachable_since: number | null; kind: "radio" | "tech" | "wired" }, IncidentSeverity | null]>([
    ["reachable", { reachable: true, unreachable_since: null, kind: "wired" }, null],
    ["wired, gone 59 min", { reachable: false, unreachable_since: now - 59 * min, kind: "wired" }, null],
    ["wired, gone 60 min", { reachable: false, unreachable_since: now - 60 * min, kind: "wired" }, null],
    ["wired, gone 61 min", { reachable: false, unreachable_since: now - 61 * min, kind: "wired" }, "Critical"],
    ["radio, gone 61 min", { reachable: false, unreachable_since: now - 61 * min, kind: "radio" }, null],
    ["radio, gone 25 h", { reachable: false, unreachable_since: now - 1500 * min, kind: "radio" }, "Critical"],
    ["tech, gone 3 h", { reachable: false, unreachable_since: now - 180 * min, kind: "tech" }, "Critical"],
    ["unknown since when", { reachable: false, unreachable_since: null, kind: "wired" }, null],
  ])("%s → %s", (_name, device, expected) => {
    expect(reachabilityIncident(device, timeouts, now)).toBe(expected);
  });
  it("a timeout of 0 switches monitoring off for the type", () => {
    expect(reachabilityIncident({ reachable: false, unreachable_since: 0, kind: "wired" }, { ...timeouts, monitoring_timeout_wired: 0 }, now)).toBeNull();
  });
});

// spec §9 "defects timeout in seconds"; §2 "call type flag: Defect"
// spec §9 "defects timeout in seconds"; spec data "Checkpoint mode / call type flag: Defect, None,
// Presence": an open defect call, or a checkpoint's defect flag, since `since`.
describe("defectIncident", () => {
  it.each<[number | null, number, IncidentSeverity | null]>([
    [null, 1_000_000, null],
    [1_000_000 - 299_000, 1_000_000, null],
    [1_000_000 - 300_000, 1_000_000, "Critical"],
    [1_000_000 - 86_400_000, 1_000_000, "Critical"],
  ])("open defect (call or checkpoint flag) since %s at %s → %s", (since, now, expected) => {
    expect(defectIncident(since, 300, now)).toBe(expected);
  });
});

describe("probableDefectIncident", () => {
  it.each([
    [4, 5, null],
    [5, 5, "Warning"],
    [50, 5, "Warning"],
  ] as const)("%s events, threshold %s → %s", (count, threshold, expected) => {
    expect(probableDefectIncident(count, threshold)).toBe(expected);
  });
});

// "Closed (notifications resume on recurrence). A closed problem can be reopened."
describe("engineStep", () => {
  const open = (severity: IncidentSeverity, status: IncidentStatus = "New", held = false): IncidentEpisode => ({
    status,
    severity,
    condition_ended_at: null,
    held,
  });
  const closed = (severity: IncidentSeverity, ended: number | null): IncidentEpisode => ({
    status: "Closed",
    severity,
    condition_ended_at: ended,
    held: false,
  });
  it.each<[string, IncidentEpisode | null, IncidentSeverity | null, EngineStep]>([
    ["healthy, nothing known", null, null, { kind: "none" }],
    ["a condition opens an incident", null, "Warning", { kind: "open", severity: "Warning" }],
    ["the same condition again (a replay) changes nothing", open("Warning"), "Warning", { kind: "none" }],
    ["an assigned one stays as it is", open("Warning", "Assigned"), "Warning", { kind: "none" }],
    ["the severity follows the condition", open("Warning"), "Critical", { kind: "severity", severity: "Critical" }],
    ["the device recovers: resolved", open("Critical", "Assigned"), null, { kind: "resolve" }],
    ["reopened by a person: people close it", open("Critical", "New", true), null, { kind: "none" }],
    ["closed by a person while the condition lasts: quiet", closed("Warning", null), "Warning", { kind: "none" }],
    ["closed by a person, then worse: a recurrence", closed("Warning", null), "Critical", { kind: "open", severity: "Critical" }],
    ["closed by a person, then the condition ends", closed("Warning", null), null, { kind: "condition_ended" }],
    ["closed, ended, back again: a recurrence", closed("Critical", 5), "Warning", { kind: "open", severity: "Warning" }],
    ["closed, ended, still fine", closed("Critical", 5), null, { kind: "none" }],
  ])("%s", (_name, latest, condition, expected) => {
    expect(engineStep(latest, condition)).toEqual(expected);
  });
});

// spec §5 "criterion must start with 0x, e.g. 0x6A"; §3.8 monitor "name, criterion, threshold, timeframe in hours"
describe("incidentMonitorSchema", () => {
  const valid = { name: "Zugschalter", criterion: "0x6A", threshold: 5, timeframe: 24 };
  const firstError = (input: unknown): { path: string; message: string } | null => {
    const parsed = incidentMonitorSchema.safeParse(input);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return { path: String(issue?.path[0]), message: String(issue?.message) };
  };
  it("accepts a monitor and reads its criterion", () => {
    expect(firstError(valid)).toBeNull();
    expect(criterionCode("0x6A")).toBe(106);
    expect(criterionCode("0X1f")).toBe(31);
  });
  it.each<[string, Record<string, unknown>, { path: string; message: string }]>([
    ["a criterion without 0x", { criterion: "6A" }, { path: "criterion", message: "validation.criterion" }],
    ["a criterion of no hex digits", { criterion: "0xZZ" }, { path: "criterion", message: "validation.criterion" }],
    ["only 0x", { criterion: "0x" }, { path: "criterion", message: "validation.criterion" }],
    ["threshold -1", { threshold: -1 }, { path: "threshold", message: "validation.between" }],
    ["threshold 101", { threshold: 101 }, { path: "threshold", message: "validation.between" }],
    ["threshold 2.5", { threshold: 2.5 }, { path: "threshold", message: "validation.numeric" }],
    ["timeframe 0", { timeframe: 0 }, { path: "timeframe", message: "validation.between" }],
    ["an empty name", { name: "  " }, { path: "name", message: "validation.required" }],
  ])("refuses %s", (_name, change, expected) => {
    expect(firstError({ ...valid, ...change })).toEqual(expected);
  });
});
