import { batteryState, isReachable, monitoredKind, type BatteryColour, type GlobalSettings } from "@caresuite/domain";
import { isDeviceKind, type TreeNode } from "./tree-model";

export type HealthSettings = Pick<
  GlobalSettings,
  "battery_threshold_low" | "battery_threshold_critical" | "monitoring_timeout_radio" | "monitoring_timeout_tech" | "monitoring_timeout_wired"
>;

export interface NodeHealth {
  /** Null for an unknown level (no marker) and for non-devices. */
  batteryColour: BatteryColour | null;
  /** False when the device counts as not reachable. */
  reachable: boolean;
}

/**
 * A device's markers: the battery colour by the battery rule (thresholds from the global
 * settings), and reachability. The server's flag is taken, but a device whose last sign of life
 * is older than its kind's monitoring timeout counts as not reachable even before the server
 * noticed.
 */
export function nodeHealth(node: TreeNode, settings: HealthSettings, now: number): NodeHealth {
  if (!isDeviceKind(node.kind)) return { batteryColour: null, reachable: true };
  const last = node.last_reachable_at === null ? null : Date.parse(node.last_reachable_at);
  const byTimeout = isReachable(last === null || Number.isNaN(last) ? null : last, monitoredKind(node), settings, now);
  return { batteryColour: batteryState(node.battery, settings).colour, reachable: node.reachable && byTimeout !== false };
}

/** The CSS colour of a battery state. */
export const BATTERY_CSS: Record<BatteryColour, string> = {
  green: "var(--mantine-color-green-8)",
  yellow: "var(--mantine-color-yellow-8)",
  red: "var(--mantine-color-red-8)",
};
