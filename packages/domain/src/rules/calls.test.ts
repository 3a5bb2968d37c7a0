import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER, type AuthUser } from "../auth-user.ts";
import { callDurationSeconds, canCloseCallManually, isElevated, sortCalls, weekdayOf } from "./calls.ts";

const call = (name: string, urgency: string, sort_order: number | null, opened_at: string) => ({ name, opened_at, call_type: { urgency, sort_order } });

describe("call ordering", () => {
  it("spec: urgency descending (NORMAL, URGENT, EMERGENCY), then sort_order (default 999), then duration", () => {
    const calls = [
      call("normal-old", "NORMAL", 1, "2026-11-25T10:00:00Z"),
      call("urgent", "URGENT", 5, "2026-11-25T10:05:00Z"),
      call("emergency", "EMERGENCY", 9, "2026-11-25T10:06:00Z"),
      call("normal-default-order", "NORMAL", null, "2026-11-25T09:00:00Z"),
      call("normal-new", "NORMAL", 1, "2026-11-25T10:03:00Z"),
      call("urgent-first-order", "URGENT", 2, "2026-11-25T10:07:00Z"),
    ];
    expect(sortCalls(calls).map((c) => c.name)).toEqual(["emergency", "urgent-first-order", "urgent", "normal-old", "normal-new", "normal-default-order"]);
  });

  it.each([
    ["EMERGENCY", true],
    ["URGENT", true],
    ["NORMAL", false],
    [null, false],
  ])("spec: EMERGENCY and URGENT are elevated — %s → %s", (urgency, elevated) => expect(isElevated(urgency)).toBe(elevated));
});

const user = (permissions: string[]): AuthUser => ({ ...ANONYMOUS_USER, id: 5, name: "u", username: "u", permissions });

describe("manual call closure (spec §6)", () => {
  const node = (deny: boolean) => ({ deny_manual_call_closure: deny });
  const section = (allow: boolean) => ({ allow_manual_call_closure: allow });
  it.each([
    ["allowed with close_calls, even on a denying node", user(["visuals::close_calls"]), node(true), section(false), true],
    ["denied when the node denies manual closure", user([]), node(true), section(true), false],
    ["allowed when the section allows it and the user is logged in", user([]), node(false), section(true), true],
    ["denied when the section does not allow it", user([]), node(false), section(false), false],
    ["denied for anonymous visitors", ANONYMOUS_USER, node(false), section(true), false],
  ])("%s", (_name, u, n, s, expected) => {
    expect(canCloseCallManually(u, { system_tree_node: n, section: s })).toBe(expected);
  });
});

describe("call facts", () => {
  it("weekday is 1 (Monday) … 7 (Sunday)", () => {
    expect(weekdayOf(new Date(2026, 10, 23, 12).toISOString())).toBe(1);
    expect(weekdayOf(new Date(2026, 10, 29, 12).toISOString())).toBe(7);
  });
  it("duration runs to now while open", () => {
    expect(callDurationSeconds("2026-11-25T10:00:00Z", "2026-11-25T10:02:30Z", 0)).toBe(150);
    expect(callDurationSeconds("2026-11-25T10:00:00Z", null, Date.parse("2026-11-25T10:00:09Z"))).toBe(9);
  });
});
