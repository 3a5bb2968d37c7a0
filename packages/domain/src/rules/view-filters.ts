import type { GlobalSettings } from "../global-settings.ts";
import { batteryState } from "./device-health.ts";
import { isStructureKind } from "./node-field-groups.ts";

/**
 * What a system view's filters keep of the tree (spec data §3.6 "System view: is_enabled,
 * is_system_view, sort_order, apply_permissions, filters (key, value), role_permissions,
 * can_edit"). The spec names the pairs but not their keys; docs/decisions/021-system-view-filters.md
 * records the choice:
 *
 * | key | value | keeps |
 * | --- | --- | --- |
 * | kind | a node kind (room, device, tech, ...) | nodes of that kind |
 * | section | a section id | nodes whose own section is that one |
 * | is_tech | true / false | technical devices / all others |
 * | radio | true / false | radio / wired nodes |
 * | is_enabled | true / false | enabled / disabled nodes |
 * | battery | low / critical | devices whose battery is below the low / critical threshold |
 * | reachable | false / true | devices (not structure) reported not reachable / reachable |
 *
 * Pairs of the same key are alternatives (kind room or kind device), different keys must all hold
 * (kind device and battery low). A key or value this version does not know filters nothing: a
 * view stored by a newer version or imported keeps showing its nodes instead of none.
 */

export const VIEW_FILTER_KEYS = ["kind", "section", "is_tech", "radio", "is_enabled", "battery", "reachable"] as const;
export type ViewFilterKey = (typeof VIEW_FILTER_KEYS)[number];

/** What the filters read of a node (the tree's summary). */
export interface ViewFilterNode {
  kind: string;
  section_id: number | null;
  is_tech: boolean;
  radio: boolean;
  is_enabled: boolean;
  battery: number | null;
  reachable: boolean;
}

export type ViewFilterThresholds = Pick<GlobalSettings, "battery_threshold_low" | "battery_threshold_critical">;

type Test = (node: ViewFilterNode, thresholds: ViewFilterThresholds) => boolean;

const flag = (value: string): boolean | null => (value === "true" ? true : value === "false" ? false : null);

/** One pair as a test, or null when this version does not know it. */
function pairTest(key: string, raw: string): Test | null {
  const value = raw.trim().toLowerCase();
  switch (key) {
    case "kind":
      return value === "" ? null : (node) => node.kind === value;
    case "section": {
      const id = Number(value);
      return value === "" || !Number.isSafeInteger(id) ? null : (node) => node.section_id === id;
    }
    case "is_tech":
    case "radio":
    case "is_enabled": {
      const wanted = flag(value);
      return wanted === null ? null : (node) => node[key] === wanted;
    }
    case "battery":
      if (value === "low") return (node, thresholds) => batteryState(node.battery, thresholds).status === "low";
      if (value === "critical") return (node, thresholds) => batteryState(node.battery, thresholds).colour === "red";
      return null;
    case "reachable": {
      const wanted = flag(value);
      return wanted === null ? null : (node) => !isStructureKind(node.kind) && node.reachable === wanted;
    }
    default:
      return null;
  }
}

/**
 * The view's filters as one test of a node, or null when they filter nothing (no pairs, or none
 * this version knows).
 */
export function viewFilterTest(
  filters: readonly { key: string; value: string }[],
  thresholds: ViewFilterThresholds,
): ((node: ViewFilterNode) => boolean) | null {
  const byKey = new Map<string, Test[]>();
  for (const pair of filters) {
    const key = pair.key.trim().toLowerCase();
    const test = pairTest(key, pair.value);
    if (!test) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), test]);
  }
  if (byKey.size === 0) return null;
  const groups = [...byKey.values()];
  return (node) => groups.every((alternatives) => alternatives.some((test) => test(node, thresholds)));
}
