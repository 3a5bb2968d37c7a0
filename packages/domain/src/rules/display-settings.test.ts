import { describe, expect, it } from "vitest";
import {
  emptyDisplaySetting,
  isDisplayProfileDirty,
  normaliseDisplaySetting,
  pageUrlNeedsWarning,
  saveButtonVisible,
  visibleGroupPickers,
  withSchedule,
  type DisplayProfileDraft,
} from "./display-settings.ts";

const SCHEDULES = [
  { id: 1, times: ["07:00", "19:00"] },
  { id: 2, times: ["06:00", "14:00", "22:00"] },
  { id: 4, times: ["00:00", "06:00", "12:00", "18:00"] },
  { id: 5, times: ["00:00", "04:00", "08:00", "12:00", "16:00"] },
];

describe('group pickers — spec: "Group pickers show only when a schedule other than 255 is chosen; slot pickers 2 to 5 show only if the schedule has more than 2, 3, 4, 5 times"', () => {
  it.each([
    ["no schedule chosen", null, 0],
    ["255 = none", 255, 0],
    ["20 = all day: one slot", 20, 1],
    ["two times: pickers 1-2", 1, 2],
    ["three times: pickers 1-3", 2, 3],
    ["four times: pickers 1-4", 4, 4],
    ["five times: all five pickers (spec: up to five display group pickers)", 5, 5],
    ["a schedule the system no longer has: the first picker", 99, 1],
  ])("%s", (_name, scheduleId, pickers) => expect(visibleGroupPickers(scheduleId, SCHEDULES)).toBe(pickers));

  it("never more than five (spec: 5 display groups per schedule)", () => {
    expect(visibleGroupPickers(7, [{ id: 7, times: ["1", "2", "3", "4", "5", "6"] }])).toBe(5);
  });
});

describe("choosing a schedule empties the slots it has no picker for", () => {
  const full = {
    ...emptyDisplaySetting(1),
    weekday_schedule_id: 5,
    weekday_display_group_1_id: 1,
    weekday_display_group_2_id: 2,
    weekday_display_group_3_id: 3,
    weekday_display_group_4_id: 4,
    weekday_display_group_5_id: 5,
    weekend_display_group_1_id: 6,
  };

  it.each([
    ["three times keep slots 1-3", 2, [1, 2, 3, null, null]],
    ["all day keeps slot 1", 20, [1, null, null, null, null]],
    ["none empties every slot", 255, [null, null, null, null, null]],
  ])("%s", (_name, scheduleId, groups) => {
    const next = withSchedule(full, "weekday", scheduleId, SCHEDULES);
    expect(next.weekday_schedule_id).toBe(scheduleId);
    expect([1, 2, 3, 4, 5].map((n) => next[`weekday_display_group_${n as 1}_id`])).toEqual(groups);
    // The other part is untouched.
    expect(next.weekend_display_group_1_id).toBe(6);
  });
});

describe("a setting from the API gets every field", () => {
  it("missing and -1 (spec: -1 meaning none) become null", () => {
    const setting = normaliseDisplaySetting({ system_id: 2, weekday_schedule_id: 1, weekday_display_group_1_id: 254, weekday_display_group_2_id: -1 });
    expect(setting).toEqual({ ...emptyDisplaySetting(2), weekday_schedule_id: 1, weekday_display_group_1_id: 254 });
  });
});

describe('dirty state — spec: "Unsaved edits set a flag"', () => {
  const saved: DisplayProfileDraft = {
    name: "Station 1",
    font_size: "normal",
    fullscreen: false,
    locale: "de",
    show_presences: false,
    show_video_stream: false,
    show_calls_from_system: true,
    settings: [{ ...emptyDisplaySetting(1), weekday_schedule_id: 1, weekday_display_group_1_id: 1 }, emptyDisplaySetting(2)],
  };
  const edit = (change: Partial<DisplayProfileDraft>): DisplayProfileDraft => ({ ...saved, ...change });

  it.each([
    ["unchanged", saved, false],
    ["the same settings in another order", edit({ settings: [...saved.settings].reverse() }), false],
    ["a trailing space in the name (the server trims)", edit({ name: "Station 1 " }), false],
    ["another name", edit({ name: "Station 2" }), true],
    ["another font size", edit({ font_size: "larger" }), true],
    ["fullscreen", edit({ fullscreen: true }), true],
    ["another locale", edit({ locale: "fr" }), true],
    ["presences", edit({ show_presences: true }), true],
    ["video stream", edit({ show_video_stream: true }), true],
    ["calls from system", edit({ show_calls_from_system: false }), true],
    ["a system added", edit({ settings: [...saved.settings, emptyDisplaySetting(3)] }), true],
    ["a system dropped", edit({ settings: saved.settings.slice(0, 1) }), true],
    ["a system swapped for another", edit({ settings: [saved.settings[0]!, emptyDisplaySetting(3)] }), true],
    ["a weekend schedule", edit({ settings: [saved.settings[0]!, { ...emptyDisplaySetting(2), weekend_schedule_id: 2 }] }), true],
    ["a display group", edit({ settings: [{ ...saved.settings[0]!, weekday_display_group_1_id: 253 }, saved.settings[1]!] }), true],
  ])("%s", (_name, draft, dirty) => expect(isDisplayProfileDirty(saved, draft)).toBe(dirty));
});

describe('Save button — spec: "shows only with a selected profile, changes and display.manage_display_profiles"', () => {
  it.each([
    [true, true, true, true],
    [false, true, true, false],
    [true, false, true, false],
    [true, true, false, false],
    [false, false, false, false],
  ])("profile %s, changes %s, permission %s → %s", (profileSelected, dirty, canManage, visible) =>
    expect(saveButtonVisible({ profileSelected, dirty, canManage })).toBe(visible),
  );
});

describe('page URL — spec: "with a warning when it contains localhost or 127.0.0"', () => {
  it.each([
    ["http://localhost:8080/display/station-1", true],
    ["http://LOCALHOST/display", true],
    ["http://127.0.0.1:5173/display", true],
    ["http://127.0.0.2/display", true],
    ["https://care.example.ch/display/station-1", false],
    ["http://192.168.1.20/display", false],
    ["http://10.127.0.1/display", false],
  ])("%s → %s", (url, warn) => expect(pageUrlNeedsWarning(url)).toBe(warn));
});
