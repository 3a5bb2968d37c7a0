import { describe, expect, it } from "vitest";
import { DEFAULT_GLOBAL_SETTINGS } from "@caresuite/domain";
import { nodeHealth } from "./health";
import { treeNode } from "./tree-fixtures.testing";

// spec: "Colours: green at or above low, yellow at or above critical, red below" (defaults 40/25).
describe("nodeHealth", () => {
  it.each([
    ["a room has no markers", treeNode(1, null, "r", { battery: 10, reachable: false }), { batteryColour: null, reachable: true }],
    ["low battery (below 25): red", treeNode(1, null, "d", { kind: "device", battery: 20 }), { batteryColour: "red", reachable: true }],
    ["between 25 and 40: yellow", treeNode(1, null, "d", { kind: "tech", battery: 30 }), { batteryColour: "yellow", reachable: true }],
    ["unknown level: no colour", treeNode(1, null, "d", { kind: "device", battery: -1 }), { batteryColour: null, reachable: true }],
    ["the call system reports it unreachable", treeNode(1, null, "d", { kind: "device", reachable: false }), { batteryColour: null, reachable: false }],
  ])("%s", (_, node, expected) => {
    expect(nodeHealth(node, DEFAULT_GLOBAL_SETTINGS)).toEqual(expected);
  });
});
