import { batteryState, type BatteryColour, type GlobalSettings } from "@caresuite/domain";
import { isDeviceKind, type TreeNode } from "./tree-model";

export type HealthSettings = Pick<GlobalSettings, "battery_threshold_low" | "battery_threshold_critical">;

export interface NodeHealth {
  /** Null for an unknown level (no marker) and for non-devices. */
  batteryColour: BatteryColour | null;
  /** False when the device counts as not reachable. */
  reachable: boolean;
}

/**
 * A device's markers: the battery colour by the battery rule (thresholds from the global
 * settings) and the server's reachability flag. The monitoring timeouts are the call system's:
 * it reports a device unreachable when its kind's timeout passes (last_reachable_at only moves
 * with such reports, so it cannot be re-judged here against the timeout).
 */
export function nodeHealth(node: TreeNode, settings: HealthSettings): NodeHealth {
  if (!isDeviceKind(node.kind)) return { batteryColour: null, reachable: true };
  return { batteryColour: batteryState(node.battery, settings).colour, reachable: node.reachable };
}

/** The CSS colour of a battery state's icon (text next to it stays dark). */
export const BATTERY_CSS: Record<BatteryColour, string> = {
  green: "var(--mantine-color-green-8)",
  yellow: "var(--mantine-color-yellow-7)",
  red: "var(--mantine-color-red-8)",
};
