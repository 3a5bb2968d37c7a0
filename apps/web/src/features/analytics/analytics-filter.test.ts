import { describe, expect, it } from "vitest";
import {
  analyticsFilterErrors,
  analyticsFilterFromParams,
  analyticsFilterToParams,
  analyticsFilterToQuery,
  DEFAULT_ANALYTICS_FILTER,
  formatSeconds,
  heatLevel,
} from "./analytics-filter";

describe("spec /analytics: the filter (time range, sections, call types) lives in the URL", () => {
  it("reads a shared link back to the same filter", () => {
    const filter = { range: "DAYS_7" as const, from: "", to: "", callTypeIds: [2, 3], sectionIds: [1] };
    const params = analyticsFilterToParams(filter);
    expect(params.toString()).toBe("range=DAYS_7&types=2%2C3&sections=1");
    expect(analyticsFilterFromParams(params)).toEqual(filter);
  });

  it("keeps the default out of the URL and falls back to it for anything unknown", () => {
    expect(analyticsFilterToParams(DEFAULT_ANALYTICS_FILTER).toString()).toBe("");
    expect(analyticsFilterFromParams(new URLSearchParams("range=FOREVER&types=x,-1,0,4,4&sections=1e3"))).toEqual({
      range: "DAYS_30",
      from: "",
      to: "",
      callTypeIds: [4],
      sectionIds: [],
    });
  });

  it("asks the server without empty lists", () => {
    expect(analyticsFilterToQuery(DEFAULT_ANALYTICS_FILTER)).toEqual({ range: "DAYS_30", from: null, to: null, call_type_ids: null, section_ids: null });
  });

  it("keeps a custom from–to in the URL, and checks it before asking (at most 366 days, from on or before to)", () => {
    const filter = { range: "CUSTOM" as const, from: "2026-01-01", to: "2026-03-31", callTypeIds: [], sectionIds: [] };
    const params = analyticsFilterToParams(filter);
    expect(params.toString()).toBe("from=2026-01-01&to=2026-03-31");
    expect(analyticsFilterFromParams(params)).toEqual(filter);
    expect(analyticsFilterToQuery(filter)).toMatchObject({ range: null, from: "2026-01-01", to: "2026-03-31" });
    expect(analyticsFilterErrors(filter)).toEqual({});
    // Chosen but not filled in yet: the URL remembers the choice.
    const empty = { ...filter, from: "", to: "" };
    expect(analyticsFilterFromParams(analyticsFilterToParams(empty))).toEqual(empty);
    expect(Object.keys(analyticsFilterErrors(empty))).toEqual(["from", "to"]);
    expect(analyticsFilterErrors({ ...filter, to: "2027-01-02" })["to"]?.[0]?.message).toBe("validation.range_too_long_days");
    expect(analyticsFilterErrors({ ...filter, from: "2026-04-01" })["from"]?.[0]?.message).toBe("validation.date_after");
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
