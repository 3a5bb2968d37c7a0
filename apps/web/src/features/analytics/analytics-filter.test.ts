import { describe, expect, it } from "vitest";
import {
  analyticsFilterFromParams,
  analyticsFilterToParams,
  analyticsFilterToQuery,
  DEFAULT_ANALYTICS_FILTER,
  formatSeconds,
  heatLevel,
} from "./analytics-filter";

describe("spec /analytics: the filter (time range, sections, call types) lives in the URL", () => {
  it("reads a shared link back to the same filter", () => {
    const filter = { range: "DAYS_7" as const, callTypeIds: [2, 3], sectionIds: [1] };
    const params = analyticsFilterToParams(filter);
    expect(params.toString()).toBe("range=DAYS_7&types=2%2C3&sections=1");
    expect(analyticsFilterFromParams(params)).toEqual(filter);
  });

  it("keeps the default out of the URL and falls back to it for anything unknown", () => {
    expect(analyticsFilterToParams(DEFAULT_ANALYTICS_FILTER).toString()).toBe("");
    expect(analyticsFilterFromParams(new URLSearchParams("range=FOREVER&types=x,-1,0,4,4&sections=1e3"))).toEqual({
      range: "DAYS_30",
      callTypeIds: [4],
      sectionIds: [],
    });
  });

  it("asks the server without empty lists", () => {
    expect(analyticsFilterToQuery(DEFAULT_ANALYTICS_FILTER)).toEqual({ range: "DAYS_30", call_type_ids: null, section_ids: null });
  });
});

describe("response times and heat map shades", () => {
  it.each<[number | null, string]>([
    [null, "–"],
    [0, "0 s"],
    [59, "59 s"],
    [125, "2:05 min"],
    [3720, "1:02:00 h"],
  ])("formatSeconds(%s) = %s", (seconds, text) => expect(formatSeconds(seconds)).toBe(text));

  it.each<[number, number, number]>([
    [0, 10, 0],
    [1, 100, 1],
    [25, 100, 1],
    [26, 100, 2],
    [100, 100, 4],
    [5, 0, 0],
  ])("heatLevel(%i of %i) = %i", (value, max, level) => expect(heatLevel(value, max)).toBe(level));
});
