import { batteryState, type BatteryColour, type GlobalSettings } from "@caresuite/domain";
import { isDeviceKind, parentName, type TreeIndex, type TreeNode } from "./tree-model";

export type DeviceSort = "battery" | "name" | "reachable";

export interface DeviceRow {
  node: TreeNode;
  /** The parent's name (the room). */
  place: string;
  batteryColour: BatteryColour | null;
}

type Thresholds = Pick<GlobalSettings, "battery_threshold_low" | "battery_threshold_critical">;

/** Unknown battery sorts after every known level: nobody can act on it first. */
function batteryKey(node: TreeNode): number {
  return node.battery === null || node.battery < 0 ? Number.POSITIVE_INFINITY : node.battery;
}

const COMPARE: Record<DeviceSort, (a: DeviceRow, b: DeviceRow) => number> = {
  // "sortable: low battery first"
  battery: (a, b) => batteryKey(a.node) - batteryKey(b.node),
  // Unreachable devices first: they need a visit.
  reachable: (a, b) => Number(a.node.reachable) - Number(b.node.reachable),
  name: () => 0,
};

/** The flat device list of the devices view, sorted by `sort` then by place and name. */
export function deviceRows(index: TreeIndex, thresholds: Thresholds, sort: DeviceSort): DeviceRow[] {
  const rows: DeviceRow[] = [];
  for (const node of index.byId.values()) {
    if (!isDeviceKind(node.kind)) continue;
    rows.push({ node, place: parentName(index, node), batteryColour: batteryState(node.battery, thresholds).colour });
  }
  const byName = (a: DeviceRow, b: DeviceRow): number => a.place.localeCompare(b.place) || a.node.name.localeCompare(b.node.name) || a.node.id - b.node.id;
  return rows.sort((a, b) => COMPARE[sort](a, b) || byName(a, b));
}
