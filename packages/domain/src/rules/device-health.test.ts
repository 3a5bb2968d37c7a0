import { describe, expect, it } from "vitest";
import { batteryState, isReachable, monitoredKind, type BatteryState } from "./device-health.ts";

const DEFAULTS = { battery_threshold_low: 40, battery_threshold_critical: 25 };

// spec: "Battery: unknown if null or -1; OK at or above the low threshold; LOW otherwise.
// Colours: green at or above low, yellow at or above critical, red below." Defaults 40 and 25.
describe("batteryState", () => {
  it.each<[number | null | undefined, BatteryState]>([
    [null, { status: "unknown", colour: null }],
    [undefined, { status: "unknown", colour: null }],
    [-1, { status: "unknown", colour: null }],
    [Number.NaN, { status: "unknown", colour: null }],
    [100, { status: "ok", colour: "green" }],
    [40, { status: "ok", colour: "green" }],
    [39, { status: "low", colour: "yellow" }],
    [25, { status: "low", colour: "yellow" }],
    [24, { status: "low", colour: "red" }],
    [0, { status: "low", colour: "red" }],
  ])("battery %s → %o", (level, expected) => {
    expect(batteryState(level, DEFAULTS)).toEqual(expected);
  });

  it("follows the thresholds of the global settings", () => {
    expect(batteryState(45, { battery_threshold_low: 50, battery_threshold_critical: 30 })).toEqual({ status: "low", colour: "yellow" });
    expect(batteryState(29, { battery_threshold_low: 50, battery_threshold_critical: 30 })).toEqual({ status: "low", colour: "red" });
  });
});

describe("monitoredKind", () => {
  it.each([
    [{ is_tech: true, radio: true }, "tech"],
    [{ is_tech: true, radio: false }, "tech"],
    [{ is_tech: false, radio: true }, "radio"],
    [{ is_tech: false, radio: false }, "wired"],
  ] as const)("%o → %s", (node, kind) => {
    expect(monitoredKind(node)).toBe(kind);
  });
});

// spec: global settings monitoring_timeout_radio/tech/wired, "monitoring timeout per device type in minutes".
describe("isReachable", () => {
  const timeouts = { monitoring_timeout_radio: 60, monitoring_timeout_tech: 10, monitoring_timeout_wired: 5 };
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const minutesAgo = (m: number): number => now - m * 60_000;

  it.each([
    [minutesAgo(59), "radio", true],
    [minutesAgo(60), "radio", true],
    [minutesAgo(61), "radio", false],
    [minutesAgo(10), "tech", true],
    [minutesAgo(11), "tech", false],
    [minutesAgo(6), "wired", false],
    [null, "wired", null],
  ] as const)("last seen %s, %s → %s", (last, kind, expected) => {
    expect(isReachable(last, kind, timeouts, now)).toBe(expected);
  });

  it("says nothing for a kind whose monitoring is off (timeout 0)", () => {
    expect(isReachable(minutesAgo(1000), "wired", { ...timeouts, monitoring_timeout_wired: 0 }, now)).toBeNull();
  });
});
