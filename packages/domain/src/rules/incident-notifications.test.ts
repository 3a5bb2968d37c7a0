import { describe, expect, it } from "vitest";
import { fieldErrors } from "../field-errors.ts";
import { incidentNotificationSettingsSchema, incidentPath, isSubscribed, owedNotification, type RecordedNotification } from "./incident-notifications.ts";
import { ASSIGNED_NOTIFICATION_PAUSE_MS, type IncidentSeverity, type IncidentStatus } from "./incidents.ts";

const NOW = Date.parse("2026-11-27T08:00:00Z");
const HOUR = 3_600_000;

// spec screens: "Incident status: New, then Assigned (notifications pause for some time), then
// Closed (notifications resume on recurrence)."
describe("owedNotification", () => {
  const assignedAt = NOW - HOUR;
  const late = assignedAt + ASSIGNED_NOTIFICATION_PAUSE_MS;
  it.each<[string, IncidentStatus, IncidentSeverity, number | null, RecordedNotification[], number, ReturnType<typeof owedNotification>]>([
    ["a new incident, nothing mailed yet", "New", "Critical", null, [], NOW, { kind: "raised", key: "severity:Critical" }],
    ["the same event again (a replayed evaluation)", "New", "Critical", null, [{ event_key: "severity:Critical", severity: "Critical" }], NOW, null],
    [
      "Warning → Critical is a rise",
      "New",
      "Critical",
      null,
      [{ event_key: "severity:Warning", severity: "Warning" }],
      NOW,
      { kind: "raised", key: "severity:Critical" },
    ],
    ["Critical → Warning sends nothing", "New", "Warning", null, [{ event_key: "severity:Critical", severity: "Critical" }], NOW, null],
    ["Assigned, in the pause", "Assigned", "Critical", assignedAt, [], NOW, null],
    ["Assigned, a rise in the pause", "Assigned", "Critical", assignedAt, [{ event_key: "severity:Warning", severity: "Warning" }], NOW, null],
    [
      "Assigned, the pause over: one reminder",
      "Assigned",
      "Critical",
      assignedAt,
      [{ event_key: "severity:Critical", severity: "Critical" }],
      late,
      { kind: "reminder", key: `reminder:${assignedAt}` },
    ],
    [
      "Assigned, the reminder sent",
      "Assigned",
      "Critical",
      assignedAt,
      [
        { event_key: "severity:Critical", severity: "Critical" },
        { event_key: `reminder:${assignedAt}`, severity: "Critical" },
      ],
      late + HOUR,
      null,
    ],
    ["Closed: never", "Closed", "Critical", null, [], NOW, null],
  ])("%s", (_name, status, severity, assigned_at, recorded, now, expected) => {
    expect(owedNotification({ status, severity, assigned_at, changed_at: NOW - HOUR }, recorded, now)).toEqual(expected);
  });

  it("an event from before the cell was ticked is not mailed; one after it is", () => {
    const incident = { status: "New" as const, severity: "Warning" as const, assigned_at: null };
    expect(owedNotification({ ...incident, changed_at: NOW - HOUR }, [], NOW, NOW - 30 * 60_000)).toBeNull();
    expect(owedNotification({ ...incident, changed_at: NOW - 10 * 60_000 }, [], NOW, NOW - 30 * 60_000)).toEqual({ kind: "raised", key: "severity:Warning" });
    // The pause ending after the tick is an event after it.
    const assigned = {
      status: "Assigned" as const,
      severity: "Critical" as const,
      assigned_at: NOW - ASSIGNED_NOTIFICATION_PAUSE_MS,
      changed_at: NOW - 20 * HOUR,
    };
    expect(owedNotification(assigned, [], NOW, NOW - HOUR)).toEqual({ kind: "reminder", key: `reminder:${NOW - ASSIGNED_NOTIFICATION_PAUSE_MS}` });
    expect(owedNotification(assigned, [], NOW, NOW + 1)).toBeNull();
  });
});

describe("incidentNotificationSettingsSchema", () => {
  const messages = (input: unknown): Record<string, string> => {
    const parsed = incidentNotificationSettingsSchema.safeParse(input);
    if (parsed.success) return {};
    return Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, errors]) => [field, errors[0]?.message ?? ""]));
  };
  // spec data line 35: "Incident severity: Critical, Info, Warning"; "Incident kind/subject: Battery, Defect, ProbableDefect, Reachability".
  it.each<[string, unknown, Record<string, string>]>([
    ["an empty grid (no mail)", { subscriptions: [] }, {}],
    ["a cell", { subscriptions: [{ subject: "Battery", severity: "Critical" }] }, {}],
    ["another user's", { user_id: 4, subscriptions: [{ subject: "Defect", severity: "Warning" }] }, {}],
    ["a subject the spec does not name", { subscriptions: [{ subject: "Fire", severity: "Critical" }] }, { "subscriptions.0.subject": "validation.no_match" }],
    [
      "a severity the spec does not name",
      { subscriptions: [{ subject: "Battery", severity: "Major" }] },
      { "subscriptions.0.severity": "validation.no_match" },
    ],
    [
      "a cell twice",
      {
        subscriptions: [
          { subject: "Battery", severity: "Critical" },
          { subject: "Battery", severity: "Critical" },
        ],
      },
      { subscriptions: "validation.duplicate" },
    ],
    ["no grid", {}, { subscriptions: "validation.required" }],
    ["a user id that is no id", { user_id: -1, subscriptions: [] }, { user_id: "validation.numeric" }],
  ])("%s", (_name, input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it("isSubscribed reads the grid cell by cell", () => {
    const grid = [{ subject: "Battery", severity: "Critical" }] as const;
    expect(isSubscribed(grid, "Battery", "Critical")).toBe(true);
    expect(isSubscribed(grid, "Battery", "Warning")).toBe(false);
    expect(isSubscribed(grid, "Defect", "Critical")).toBe(false);
  });

  it("the link goes to the incident's screen", () => {
    expect(incidentPath(42)).toBe("/analytics/incidents/42");
  });
});
