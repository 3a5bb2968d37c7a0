import { describe, expect, it } from "vitest";
import {
  analyticsPeriodErrors,
  dateOfLocalDay,
  offsetSegments,
  percentile,
  percentileOfCounts,
  percentileOfHistogram,
  shiftAt,
  shiftOfHour,
  weekdayOfLocalDay,
  type Shift,
} from "./analytics.ts";

const at = (iso: string): number => Date.parse(iso);

describe('ARCHITECTURE «Product rules»: "Day is 07:00–18:59, night 19:00–06:59, in the call system\'s local time"', () => {
  it.each<[number, Shift]>([
    [0, "NIGHT"],
    [6, "NIGHT"],
    [7, "DAY"],
    [12, "DAY"],
    [18, "DAY"],
    [19, "NIGHT"],
    [23, "NIGHT"],
  ])("local hour %i is the %s shift", (hour, shift) => expect(shiftOfHour(hour)).toBe(shift));

  it.each<[string, string, Shift]>([
    // 06:59:59 and 07:00 local in Zurich winter (UTC+1).
    ["2026-11-26T05:59:59.000Z", "Europe/Zurich", "NIGHT"],
    ["2026-11-26T06:00:00.000Z", "Europe/Zurich", "DAY"],
    // 18:59 and 19:00 local in Zurich summer (UTC+2).
    ["2026-07-01T16:59:00.000Z", "Europe/Zurich", "DAY"],
    ["2026-07-01T17:00:00.000Z", "Europe/Zurich", "NIGHT"],
    // The same instant is day in Zurich and night in New York (02:00 local).
    ["2026-11-26T07:00:00.000Z", "America/New_York", "NIGHT"],
  ])("%s in %s is the %s shift", (instant, zone, shift) => expect(shiftAt(at(instant), zone)).toBe(shift));
});

describe("response time as median and p90 (docs/decisions/034-analytics.md: nearest rank, a response time that occurred)", () => {
  it.each<[number[], number, number | null]>([
    [[], 50, null],
    [[30], 50, 30],
    [[30], 90, 30],
    [[10, 20, 30], 50, 20],
    // An even count: the lower middle value, no interpolation.
    [[10, 20, 30, 40], 50, 20],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90, 10],
    [[5, 1, 4, 2, 3], 50, 3],
    [[100, 1, 1, 1, 1, 1, 1, 1, 1, 1], 90, 1],
    [[100, 1, 1, 1, 1, 1, 1, 1, 1], 90, 100],
    [[7, 7, 7], 100, 7],
  ])("percentile(%j, %i) = %s", (values, p, expected) => expect(percentile(values, p)).toBe(expected));

  it("reads a histogram of (value, count) in any order, ignoring empty entries", () => {
    expect(
      percentileOfHistogram(
        [
          [60, 2],
          [10, 5],
          [30, 0],
          [20, 3],
        ],
        50,
      ),
    ).toBe(10);
    expect(
      percentileOfHistogram(
        [
          [60, 2],
          [10, 5],
          [20, 3],
        ],
        90,
      ),
    ).toBe(60);
  });

  it.each<[number[], number, number | null]>([
    [[5, 3, 0, 2], 50, 10],
    [[5, 3, 0, 2], 51, 20],
    [[5, 3, 0, 2], 90, 60],
    [[5, 3, 0, 2], 100, 60],
    [[0, 0, 0, 0], 50, null],
    [[0, 1, 0, 0], 50, 20],
  ])("reads counts %j of the values 10, 20, 30, 60 alike: p%i is %s", (counts, p, expected) => {
    expect(percentileOfCounts(counts, [10, 20, 30, 60], p)).toBe(expected);
    expect(
      percentileOfHistogram(
        counts.map((n, i) => [[10, 20, 30, 60][i]!, n] as const),
        p,
      ),
    ).toBe(expected);
  });

  it("refuses a percentile outside (0, 100]", () => {
    expect(() => percentileOfCounts([1], [1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("the zone's UTC offsets over a period (local hours grouped in the database)", () => {
  it("has one segment where the offset does not change", () => {
    expect(offsetSegments(at("2026-11-01T00:00:00Z"), at("2026-12-01T00:00:00Z"), "Europe/Zurich")).toEqual([{ until: null, offsetMs: 3_600_000 }]);
  });

  it("finds both changes of a year to the second (Zurich 2026: 29 March 01:00 UTC, 25 October 01:00 UTC)", () => {
    expect(offsetSegments(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), "Europe/Zurich")).toEqual([
      { until: at("2026-03-29T01:00:00Z"), offsetMs: 3_600_000 },
      { until: at("2026-10-25T01:00:00Z"), offsetMs: 7_200_000 },
      { until: null, offsetMs: 3_600_000 },
    ]);
  });

  it("knows zones with half-hour offsets and none at all", () => {
    expect(offsetSegments(at("2026-01-01T00:00:00Z"), at("2026-02-01T00:00:00Z"), "Asia/Kolkata")).toEqual([{ until: null, offsetMs: 19_800_000 }]);
    expect(offsetSegments(at("2026-01-01T00:00:00Z"), at("2027-01-01T00:00:00Z"), "UTC")).toEqual([{ until: null, offsetMs: 0 }]);
  });
});

describe("local day numbers", () => {
  it.each<[string, number, string]>([
    ["1970-01-01", 3, "1970-01-01"],
    // 26 November 2026 is a Thursday (3, counting from Monday = 0); 30 November a Monday.
    ["2026-11-26", 3, "2026-11-26"],
    ["2026-11-30", 0, "2026-11-30"],
    ["2026-11-29", 6, "2026-11-29"],
  ])("%s is weekday %i", (date, weekday, back) => {
    const day = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    expect(weekdayOfLocalDay(day)).toBe(weekday);
    expect(dateOfLocalDay(day)).toBe(back);
  });
});

describe('the custom analytics period (spec §5 "date_after: start date must be before end date"; at most 366 days)', () => {
  it.each<[string, string, Record<string, string>]>([
    ["2026-01-01", "2026-03-31", {}],
    ["2026-03-29", "2026-03-29", {}],
    ["2024-01-01", "2024-12-31", {}],
    ["2025-01-01", "2026-01-01", {}],
    ["2025-01-01", "2026-01-02", { to: "validation.range_too_long_days" }],
    ["2026-03-30", "2026-03-29", { from: "validation.date_after" }],
    ["", "2026-03-29", { from: "validation.required" }],
    ["2026-02-30", "", { from: "validation.format", to: "validation.required" }],
    ["29.03.2026", "2026-03-29", { from: "validation.format" }],
  ])("from %j to %j gives %j", (from, to, expected) => {
    const errors = analyticsPeriodErrors(from, to);
    expect(Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0]?.message]))).toEqual(expected);
  });
});
