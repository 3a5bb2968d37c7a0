import { describe, expect, it } from "vitest";
import { viewFilterTest, type ViewFilterNode } from "./view-filters.ts";

const THRESHOLDS = { battery_threshold_low: 40, battery_threshold_critical: 25 };
const node = (over: Partial<ViewFilterNode>): ViewFilterNode => ({
  kind: "device",
  section_id: null,
  is_tech: false,
  radio: true,
  is_enabled: true,
  battery: 80,
  reachable: true,
  ...over,
});
const room = node({ kind: "room", section_id: 1, radio: false, battery: null, reachable: false });
const bed = node({ section_id: null });
const lowBed = node({ battery: 33 });
const criticalBed = node({ battery: 12 });
const unknownBattery = node({ battery: -1 });
const lostBed = node({ reachable: false });
const heating = node({ kind: "tech", is_tech: true, radio: false, battery: null });
const display = node({ radio: false, is_enabled: false, battery: null });

const ALL = { room, bed, lowBed, criticalBed, unknownBattery, lostBed, heating, display };
type Name = keyof typeof ALL;

describe('spec data §3.6 "System view: ... filters (key, value)": which nodes a view keeps', () => {
  it.each<[string, { key: string; value: string }[], Name[]]>([
    ["kind room", [{ key: "kind", value: "room" }], ["room"]],
    ["kind tech", [{ key: "kind", value: "tech" }], ["heating"]],
    ["section 1 (the node's own section)", [{ key: "section", value: "1" }], ["room"]],
    ["is_tech true", [{ key: "is_tech", value: "true" }], ["heating"]],
    ["radio false: wired and structure", [{ key: "radio", value: "false" }], ["room", "heating", "display"]],
    ["is_enabled false", [{ key: "is_enabled", value: "false" }], ["display"]],
    ['battery low (spec "LOW otherwise": below the low threshold, unknown is not low)', [{ key: "battery", value: "low" }], ["lowBed", "criticalBed"]],
    ['battery critical (spec "red below" critical)', [{ key: "battery", value: "critical" }], ["criticalBed"]],
    ["reachable false: devices only, a room is never unreachable", [{ key: "reachable", value: "false" }], ["lostBed"]],
    [
      "the same key twice: either value",
      [
        { key: "kind", value: "room" },
        { key: "kind", value: "tech" },
      ],
      ["room", "heating"],
    ],
    [
      "different keys: all must hold",
      [
        { key: "kind", value: "device" },
        { key: "battery", value: "low" },
      ],
      ["lowBed", "criticalBed"],
    ],
    ["keys and values are read without case and spaces", [{ key: " Kind ", value: " ROOM " }], ["room"]],
  ])("%s", (_, filters, expected) => {
    const test = viewFilterTest(filters, THRESHOLDS);
    expect(test).not.toBeNull();
    const kept = (Object.keys(ALL) as Name[]).filter((name) => test?.(ALL[name]));
    expect(kept).toEqual(expected);
  });

  it.each([
    ["no filters", []],
    ["an unknown key", [{ key: "colour", value: "red" }]],
    ["an unknown value", [{ key: "battery", value: "empty" }]],
    ["a section that is no id", [{ key: "section", value: "Station 1" }]],
    ["a flag that is no boolean", [{ key: "radio", value: "yes" }]],
  ])("%s filters nothing (a newer version's view keeps its nodes)", (_, filters) => {
    expect(viewFilterTest(filters, THRESHOLDS)).toBeNull();
  });

  it("ignores an unknown pair next to a known one", () => {
    const test = viewFilterTest(
      [
        { key: "colour", value: "red" },
        { key: "kind", value: "room" },
      ],
      THRESHOLDS,
    );
    expect(test?.(room)).toBe(true);
    expect(test?.(bed)).toBe(false);
  });
});
