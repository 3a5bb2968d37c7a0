import { describe, expect, it } from "vitest";
import { DEFAULT_GLOBAL_SETTINGS } from "@caresuite/domain";
import { nodeHealth } from "./health";
import { treeNode } from "./tree-fixtures.testing";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const settings = { ...DEFAULT_GLOBAL_SETTINGS, monitoring_timeout_radio: 60, monitoring_timeout_wired: 0 };

describe("nodeHealth", () => {
  it.each([
    ["a room has no markers", treeNode(1, null, "r", { battery: 10 }), { batteryColour: null, reachable: true }],
    ["low battery (below 25): red", treeNode(1, null, "d", { kind: "device", battery: 20 }), { batteryColour: "red", reachable: true }],
    ["between 25 and 40: yellow", treeNode(1, null, "d", { kind: "device", battery: 30 }), { batteryColour: "yellow", reachable: true }],
    ["the server says not reachable", treeNode(1, null, "d", { kind: "device", reachable: false }), { batteryColour: null, reachable: false }],
    [
      "radio, last heard 2 h ago with a 60 min timeout",
      treeNode(1, null, "d", { kind: "device", radio: true, last_reachable_at: "2026-11-26T10:00:00Z" }),
      { batteryColour: null, reachable: false },
    ],
    [
      "radio, heard 10 min ago",
      treeNode(1, null, "d", { kind: "device", radio: true, last_reachable_at: "2026-11-26T11:50:00Z" }),
      { batteryColour: null, reachable: true },
    ],
    [
      "wired with monitoring off (timeout 0)",
      treeNode(1, null, "d", { kind: "device", last_reachable_at: "2020-01-01T00:00:00Z" }),
      { batteryColour: null, reachable: true },
    ],
  ])("%s", (_, node, expected) => {
    expect(nodeHealth(node, settings, NOW)).toEqual(expected);
  });
});
