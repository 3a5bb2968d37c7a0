import { describe, expect, it } from "vitest";
import {
  effectiveScheduleSetting,
  parseDisplayQuery,
  parseGroupSlots,
  parseScheduleOverride,
  passesSectionsFilter,
  sectionsFilterActive,
  shareLinkQuery,
  type ScheduleSetting,
} from "./display-query.ts";

const query = (text: string) => parseDisplayQuery(new URLSearchParams(text));

describe('display query parameters — spec: "sections (comma-separated numbers), ignore_sections_time (start-end, may wrap past midnight), fullscreen (1), videostream (1), ..."', () => {
  it("reads every parameter", () => {
    expect(
      query(
        "sections=1,2&ignore_sections_time=22:00-06:00&fullscreen=1&videostream=1&ignore_sections_filter_for_call_types=2&system=3&locale=it&fontsize=larger&wd_schedule=1&wd_groups=1,4&we_schedule=20&we_groups=254",
      ),
    ).toEqual({
      sections: [1, 2],
      ignoreSectionsTime: { start: 1320, end: 360 },
      ignoreSectionsFilterForCallTypes: [2],
      fullscreen: true,
      videoStream: true,
      system: 3,
      locale: "it",
      fontSize: "larger",
      weekday: { scheduleId: 1, groups: [1, 4] },
      weekend: { scheduleId: 20, groups: [254] },
    });
  });

  it("gives the defaults for garbage in every parameter", () => {
    expect(
      query(
        "sections=a,-1&ignore_sections_time=25:99-x&fullscreen=yes&videostream=true&ignore_sections_filter_for_call_types=x&system=100&locale=xx&fontsize=huge&wd_schedule=abc&wd_groups=1&we_schedule=1&we_groups=a,b",
      ),
    ).toEqual({
      sections: [],
      ignoreSectionsTime: null,
      ignoreSectionsFilterForCallTypes: [],
      fullscreen: false,
      videoStream: false,
      system: null,
      locale: null,
      fontSize: null,
      weekday: null,
      weekend: null,
    });
  });

  it.each([
    // spec: "up to 5 comma-separated display group ids, -1 meaning none"
    ["1,2,3,4,5,6,7", [1, 2, 3, 4, 5]],
    ["-1,4", [null, 4]],
    ["-1,-1", null],
    ["3,x", null],
    ["0", null],
    ["256", null],
    ["", null],
  ])("wd_groups=%s → %j", (value, expected) => expect(parseGroupSlots(value)).toEqual(expected));

  it('spec: "wd_schedule with wd_groups": one without the other is no override', () => {
    expect(parseScheduleOverride("1", null)).toBeNull();
    expect(parseScheduleOverride(null, "1,2")).toBeNull();
    expect(parseScheduleOverride("0", "1")).toBeNull();
    expect(parseScheduleOverride("255", "1")).toEqual({ scheduleId: 255, groups: [1] });
  });
});

describe('sections filter — spec: "ignore_sections_time (start-end, may wrap past midnight)"', () => {
  const night = { start: 22 * 60, end: 6 * 60 };
  it.each([
    ["no sections: no filter", [], null, 600, false],
    ["sections without a window", [1], null, 600, true],
    ["23:00 inside 22:00-06:00: ignored", [1], night, 23 * 60, false],
    ["05:59 inside (after midnight): ignored", [1], night, 5 * 60 + 59, false],
    ["06:00 the window has ended", [1], night, 6 * 60, true],
    ["12:00 outside", [1], night, 12 * 60, true],
  ] as const)("%s", (_name, sections, range, minutes, active) =>
    expect(sectionsFilterActive({ sections: [...sections], ignoreSectionsTime: range }, minutes)).toBe(active),
  );

  it.each([
    ["a call of a listed section", { section_id: 1, call_type_id: 4 }, true],
    ["a call of another section", { section_id: 2, call_type_id: 4 }, false],
    // spec: "ignore_sections_filter_for_call_types (comma-separated numbers)"
    ["another section, but an always-shown call type", { section_id: 2, call_type_id: 2 }, true],
    ["no section", { section_id: null, call_type_id: 4 }, false],
  ])("%s", (_name, call, passes) => expect(passesSectionsFilter(call, [1], true, [2])).toBe(passes));
  it("an inactive filter lets everything through", () => expect(passesSectionsFilter({ section_id: 9, call_type_id: 4 }, [1], false, [])).toBe(true));
});

describe("schedule overrides — the URL's wd_/we_ parameters replace the profile's part", () => {
  const profile: ScheduleSetting = {
    system_id: 1,
    weekday_schedule_id: 1,
    weekend_schedule_id: 3,
    weekday_display_group_1_id: 1,
    weekday_display_group_2_id: 5,
    weekday_display_group_3_id: null,
    weekday_display_group_4_id: null,
    weekday_display_group_5_id: null,
    weekend_display_group_1_id: 3,
    weekend_display_group_2_id: 3,
    weekend_display_group_3_id: null,
    weekend_display_group_4_id: null,
    weekend_display_group_5_id: null,
  };
  it("no override: the profile's setting", () => expect(effectiveScheduleSetting(profile, { weekday: null, weekend: null }, 1)).toBe(profile));
  it("a weekday override keeps the profile's weekend", () => {
    const setting = effectiveScheduleSetting(profile, { weekday: { scheduleId: 2, groups: [4, null, 6] }, weekend: null }, 1);
    expect(setting).toMatchObject({
      weekday_schedule_id: 2,
      weekday_display_group_1_id: 4,
      weekday_display_group_2_id: null,
      weekday_display_group_3_id: 6,
      weekend_schedule_id: 3,
      weekend_display_group_1_id: 3,
    });
  });
  it("without a profile the part the URL leaves out shows all calls all day (schedule 20, group 254)", () => {
    const setting = effectiveScheduleSetting(null, { weekday: null, weekend: { scheduleId: 1, groups: [2] } }, 2);
    expect(setting).toMatchObject({
      system_id: 2,
      weekday_schedule_id: 20,
      weekday_display_group_1_id: 254,
      weekend_schedule_id: 1,
      weekend_display_group_1_id: 2,
    });
  });
});

describe('share link — spec: "built from fullscreen, show_video_stream, locale (only if not German) and font_size (only if not normal)"', () => {
  const params = (text: string) => new URLSearchParams(text).entries();
  it.each([
    ["defaults add nothing", "", { fullscreen: false, showVideoStream: false, locale: "de", fontSize: "normal" }, ""],
    ["all four", "", { fullscreen: true, showVideoStream: true, locale: "it", fontSize: "largest" }, "?fullscreen=1&videostream=1&locale=it&fontsize=largest"],
    ["German and normal are left out", "locale=de&fontsize=normal", { fullscreen: false, showVideoStream: false, locale: "de", fontSize: "normal" }, ""],
    [
      "other parameters are kept",
      "sections=1,2&fullscreen=1",
      { fullscreen: false, showVideoStream: false, locale: "fr", fontSize: "normal" },
      "?sections=1%2C2&locale=fr",
    ],
  ])("%s", (_name, current, settings, expected) => expect(shareLinkQuery(params(current), settings)).toBe(expected));
});
