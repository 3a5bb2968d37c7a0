import { describe, expect, it } from "vitest";
import {
  activeDisplayGroup,
  activeScheduleSlot,
  dropTrailingEmpty,
  inTimeRange,
  interpretDisplayGroup,
  isWeekend,
  parseIdList,
  parseTimeRange,
  textColorOn,
  timeSinceOpened,
} from "./display.ts";

// 2026-11-23 is a Monday.
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, 23 + day, hours, minutes);
const SAT = 5 * 1440;
const MON = 7 * 1440;

describe('weekend — spec: "runs from weekend_start to weekend_stop (minutes from a Monday-start week)"', () => {
  it.each([
    ["Friday 23:59", at(4, 23, 59), false],
    ["Saturday 00:00", at(5, 0), true],
    ["Sunday 23:59", at(6, 23, 59), true],
    ["Monday 00:00", at(0, 0), false],
  ])("%s (Saturday 00:00 → Monday 00:00)", (_name, date, weekend) => expect(isWeekend(date, SAT, MON)).toBe(weekend));

  it("a window that wraps over Monday 00:00 (Sunday 18:00 → Monday 06:00)", () => {
    expect(isWeekend(at(0, 5), 6 * 1440 + 18 * 60, 6 * 60)).toBe(true);
    expect(isWeekend(at(0, 7), 6 * 1440 + 18 * 60, 6 * 60)).toBe(false);
  });
});

describe('schedule slot — spec: "before the first time wraps to the last slot"', () => {
  const dayNight = [7 * 60, 19 * 60];
  it.each([
    ["06:59 is before the first time: last slot", 6 * 60 + 59, 1],
    ["07:00 opens slot 1", 7 * 60, 0],
    ["18:59 still slot 1", 18 * 60 + 59, 0],
    ["19:00 opens slot 2", 19 * 60, 1],
  ])("%s", (_name, minutes, slot) => expect(activeScheduleSlot(dayNight, minutes)).toBe(slot));
  it("ignores empty steps", () => expect(activeScheduleSlot([360, null, 720, null, null], 800)).toBe(1));
});

describe("display groups", () => {
  it('spec: "Trailing empty group ids are dropped"', () => {
    expect(dropTrailingEmpty([3, -1, 4, -1, null])).toEqual([3, null, 4]);
  });
  it.each([
    // spec: "display group 255 none, 254 all, 253 section"
    [255, { kind: "none" }],
    [254, { kind: "all" }],
    [253, { kind: "section" }],
    [7, { kind: "group", id: 7 }],
    [null, { kind: "none" }],
  ])("%s → %j", (id, selection) => expect(interpretDisplayGroup(id)).toEqual(selection));

  const base = { weekendStart: SAT, weekendStop: MON };
  it("uses the weekend schedule and groups on the weekend, the weekday ones otherwise", () => {
    const weekday = { scheduleId: 1, times: [7 * 60, 19 * 60], groups: [11, 12] };
    const weekend = { scheduleId: 20, times: [], groups: [254] };
    expect(activeDisplayGroup({ ...base, now: at(2, 8), weekday, weekend })).toEqual({ kind: "group", id: 11 });
    expect(activeDisplayGroup({ ...base, now: at(2, 20), weekday, weekend })).toEqual({ kind: "group", id: 12 });
    expect(activeDisplayGroup({ ...base, now: at(2, 6), weekday, weekend })).toEqual({ kind: "group", id: 12 });
    // spec: "schedule 255 none, 20 all day"
    expect(activeDisplayGroup({ ...base, now: at(5, 12), weekday, weekend })).toEqual({ kind: "all" });
    expect(activeDisplayGroup({ ...base, now: at(2, 8), weekday: { ...weekday, scheduleId: 255 }, weekend })).toEqual({ kind: "none" });
  });
});

describe('time since opened — spec: "under 10 seconds reads as just now"', () => {
  const opened = "2026-11-25T10:00:00.000Z";
  it.each([
    [9_999, { kind: "just_now" }],
    [10_000, { kind: "elapsed", minutes: 0, seconds: 10 }],
    [125_000, { kind: "elapsed", minutes: 2, seconds: 5 }],
  ])("%i ms → %j", (ms, expected) => expect(timeSinceOpened(opened, Date.parse(opened) + ms)).toEqual(expected));
});

describe("readable card text on the call-type colour", () => {
  it.each([
    ["#E03131", "#FFFFFF"],
    ["#FFD43B", "#000000"],
    ["#FFFFFF", "#000000"],
    ["#1C7ED6", "#000000"],
    ["#C92A2A", "#FFFFFF"],
    ["garbage", "#000000"],
  ])("%s → %s", (bg, fg) => expect(textColorOn(bg)).toBe(fg));
});

describe("query parameters with garbage (bad input)", () => {
  it("keeps only positive integers of a list", () => expect(parseIdList("1,a,-3,2, 4 ,1.5")).toEqual([1, 2, 4]));
  it.each([
    ["22:00-06:00", { start: 1320, end: 360 }],
    ["25:99-06:00", null],
    ["", null],
    ["x", null],
  ])("%s → %j", (value, expected) => expect(parseTimeRange(value)).toEqual(expected));
  it('ranges wrap past midnight (spec "ignore_sections_time (start-end, may wrap past midnight)")', () => {
    expect(inTimeRange(23 * 60, { start: 1320, end: 360 })).toBe(true);
    expect(inTimeRange(12 * 60, { start: 1320, end: 360 })).toBe(false);
  });
});
