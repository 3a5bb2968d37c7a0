import type { GlobalSettings } from "../global-settings.ts";

export type BatteryStatus = "unknown" | "ok" | "low";
export type BatteryColour = "green" | "yellow" | "red";

export interface BatteryState {
  status: BatteryStatus;
  /** Null when the level is unknown: no colour claims a health nobody reported. */
  colour: BatteryColour | null;
}

type Thresholds = Pick<GlobalSettings, "battery_threshold_low" | "battery_threshold_critical">;

/**
 * spec: "Battery: unknown if null or -1; OK at or above the low threshold; LOW otherwise.
 * Colours: green at or above low, yellow at or above critical, red below."
 */
export function batteryState(level: number | null | undefined, thresholds: Thresholds): BatteryState {
  if (level === null || level === undefined || level === -1 || !Number.isFinite(level)) return { status: "unknown", colour: null };
  if (level >= thresholds.battery_threshold_low) return { status: "ok", colour: "green" };
  return { status: "low", colour: level >= thresholds.battery_threshold_critical ? "yellow" : "red" };
}

export type MonitoredKind = "radio" | "tech" | "wired";

/**
 * Which monitoring timeout applies (spec: "monitoring timeout per device type in minutes", global
 * settings monitoring_timeout_radio/tech/wired). A technical device counts as tech even when it
 * speaks radio: its timeout is the one the technicians set for their equipment.
 */
export function monitoredKind(node: { is_tech: boolean; radio: boolean }): MonitoredKind {
  if (node.is_tech) return "tech";
  return node.radio ? "radio" : "wired";
}

type Timeouts = Pick<GlobalSettings, "monitoring_timeout_radio" | "monitoring_timeout_tech" | "monitoring_timeout_wired">;

/**
 * Whether a device counts as reachable now: its last sign of life is no older than its kind's
 * monitoring timeout (minutes). Null when that cannot be said: never heard of, or a timeout of 0
 * or less, which switches monitoring off for the kind.
 */
export function isReachable(lastReachableAt: number | null, kind: MonitoredKind, timeouts: Timeouts, now: number): boolean | null {
  const minutes = timeouts[`monitoring_timeout_${kind}`];
  if (lastReachableAt === null || !(minutes > 0)) return null;
  return now - lastReachableAt <= minutes * 60_000;
}
