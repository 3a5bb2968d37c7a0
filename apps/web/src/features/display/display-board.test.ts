import { describe, expect, it } from "vitest";
import { callsForSelection, clockTime, readDisplayQuery, selectionFor, sinceLabel, splitPresences, timeOfDayToMinutes, type BoardCall, type BoardProfileSetting } from "./display-board";

function call(id: number, section_id: number | null, typeId: number, flag = "None"): BoardCall {
  return {
    id,
    system_id: 1,
    number: id,
    opened_at: "2026-01-05T10:00:00.000Z",
    device_text_long: `Room ${id}`,
    device_text_short: `R${id}`,
    section_id,
    section_name: `Section ${section_id}`,
    handled_by_app_username: null,
    call_source: null,
    call_type: { id: typeId, name: "t", color: "#ff0000", urgency: "NORMAL", flag },
    section: null,
    system_tree_node: null,
  };
}

const calls = [call(1, 10, 4), call(2, 11, 4), call(3, 10, 2), call(4, null, 4), call(5, 10, 7, "Presence")];
const ids = (list: BoardCall[]) => list.map((c) => c.id);

describe("callsForSelection", () => {
  const groups = [{ id: 1, connections: [{ section_id: 10, call_type_id: 4 }, { section_id: null, call_type_id: 2 }] }];
  it.each([
    ["all: every call", { kind: "all" } as const, [], [1, 2, 3, 4, 5]],
    ["none: no call", { kind: "none" } as const, [], []],
    ["section without sections parameter: none", { kind: "section" } as const, [], []],
    ["section: the calls of the sections parameter", { kind: "section" } as const, [11], [2]],
    ["group: connections match, a null field matches anything", { kind: "group", id: 1 } as const, [], [1, 3]],
    ["group narrowed by sections", { kind: "group", id: 1 } as const, [11], []],
    ["unknown group: none", { kind: "group", id: 9 } as const, [], []],
    ["all narrowed by sections", { kind: "all" } as const, [10], [1, 3, 5]],
  ])("%s", (_name, selection, sections, expected) => {
    expect(ids(callsForSelection(calls, selection, groups, sections))).toEqual(expected);
  });

  it("lets always-shown call types through an active sections filter, and nothing is filtered while it is ignored", () => {
    expect(ids(callsForSelection(calls, { kind: "all" }, groups, { sections: [11], active: true, alwaysShownCallTypes: [2] }))).toEqual([2, 3]);
    expect(ids(callsForSelection(calls, { kind: "all" }, groups, { sections: [11], active: false, alwaysShownCallTypes: [] }))).toEqual([1, 2, 3, 4, 5]);
  });

  it("adds presence calls of a group's sections when presences are shown (spec §4)", () => {
    expect(ids(callsForSelection(calls, { kind: "group", id: 1 }, groups, [], { showPresences: true }))).toEqual([1, 3, 5]);
  });
});

describe("splitPresences", () => {
  it("puts presence calls in the side column, only when shown", () => {
    expect(ids(splitPresences(calls, true).presences)).toEqual([5]);
    expect(ids(splitPresences(calls, true).cards)).toEqual([1, 2, 3, 4]);
    expect(splitPresences(calls, false).presences).toEqual([]);
  });
});

describe("selectionFor", () => {
  const base: BoardProfileSetting = {
    system_id: 1,
    weekday_schedule_id: 3,
    weekend_schedule_id: 20,
    weekday_display_group_1_id: 7,
    weekday_display_group_2_id: 8,
    weekday_display_group_3_id: null,
    weekday_display_group_4_id: null,
    weekday_display_group_5_id: null,
    weekend_display_group_1_id: 254,
    weekend_display_group_2_id: null,
    weekend_display_group_3_id: null,
    weekend_display_group_4_id: null,
    weekend_display_group_5_id: null,
  };
  const schedules = [{ id: 3, times: ["06:00", "18:00"] }];
  // Monday 5 January 2026; weekend Saturday 00:00 (7200) to Monday 00:00 (10080).
  const at = (iso: string) => selectionFor({ setting: base, schedules, weekendStart: 7200, weekendStop: 10080, now: new Date(iso) });
  it.each([
    ["weekday day slot", "2026-01-05T07:00:00", { kind: "group", id: 7 }],
    ["weekday evening slot", "2026-01-05T19:00:00", { kind: "group", id: 8 }],
    ["before the first time wraps to the last slot", "2026-01-05T05:00:00", { kind: "group", id: 8 }],
    ["weekend, all-day schedule, sentinel 254 all", "2026-01-10T12:00:00", { kind: "all" }],
  ])("%s", (_name, iso, expected) => {
    expect(at(iso)).toEqual(expected);
  });
  it("shows nothing without a setting for the system", () => {
    expect(selectionFor({ setting: null, schedules, weekendStart: 0, weekendStop: 0, now: new Date() })).toEqual({ kind: "none" });
  });
});

describe("query parameters", () => {
  it("falls back to defaults for garbage", () => {
    expect(readDisplayQuery(new URLSearchParams("sections=a,-1,3&fontsize=huge&fullscreen=yes"))).toMatchObject({ sections: [3], fullscreen: false, fontSize: null });
    expect(readDisplayQuery(new URLSearchParams("fullscreen=1&fontsize=largest"))).toMatchObject({ sections: [], fullscreen: true, fontSize: "largest" });
  });
  it.each([
    ["07:30", 450],
    ["25:99", null],
    ["", null],
  ])("reads the time of day %s", (value, expected) => {
    expect(timeOfDayToMinutes(value)).toBe(expected);
  });
});

describe("sinceLabel", () => {
  const opened = Date.parse("2026-01-05T10:00:00.000Z");
  it.each([
    [9_999, { kind: "just_now" }],
    [10_000, { kind: "elapsed", text: "00:10" }],
    [125_000, { kind: "elapsed", text: "02:05" }],
  ])("after %i ms", (elapsed, expected) => {
    expect(sinceLabel("2026-01-05T10:00:00.000Z", opened + elapsed)).toEqual(expected);
  });
  it("formats the banner time", () => {
    expect(clockTime(new Date(2026, 0, 5, 7, 3, 9).getTime())).toBe("07:03:09");
    expect(clockTime(new Date(2026, 0, 5, 7, 3, 9).getTime(), false)).toBe("07:03");
  });
});
