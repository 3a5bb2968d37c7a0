import { describe, expect, it } from "vitest";
import { DEFAULT_GLOBAL_SETTINGS } from "@caresuite/domain";
import { deviceRows } from "./device-list";
import { treeNode } from "./tree-fixtures.testing";
import { indexTree } from "./tree-model";

const index = indexTree([
  treeNode(1, null, "Zimmer 101"),
  treeNode(2, 1, "A", { kind: "device", battery: 80 }),
  treeNode(3, 1, "B", { kind: "device", battery: 10, reachable: false }),
  treeNode(4, 1, "C", { kind: "tech", battery: null }),
  treeNode(5, 1, "D", { kind: "device", battery: 30 }),
  treeNode(6, 1, "P", { kind: "person" }),
]);

describe("deviceRows", () => {
  it.each([
    ["battery: low battery first, unknown last", "battery", ["B", "D", "A", "C"]],
    ["reachable: unreachable first", "reachable", ["B", "A", "C", "D"]],
    ["name", "name", ["A", "B", "C", "D"]],
  ] as const)("%s", (_, sort, expected) => {
    expect(deviceRows(index, DEFAULT_GLOBAL_SETTINGS, sort).map((row) => row.node.name)).toEqual(expected);
  });

  it("colours the battery by the battery rule (default thresholds 40/25)", () => {
    const colours = Object.fromEntries(deviceRows(index, DEFAULT_GLOBAL_SETTINGS, "name").map((row) => [row.node.name, row.batteryColour]));
    expect(colours).toEqual({ A: "green", B: "red", C: null, D: "yellow" });
  });
});
