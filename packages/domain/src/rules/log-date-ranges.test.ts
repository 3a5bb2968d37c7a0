import { describe, expect, it } from "vitest";
import { LOG_DATE_RANGES, resolveCustomRange, resolveLogDateRange, wallClockAsUtc, type LogDateRange } from "./log-date-ranges.ts";

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const HOUR = 3_600_000;

describe('spec §9 "Log date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before yesterday, this year, last year, since beginning"', () => {
  it("knows the eleven ranges of the spec", () => expect(LOG_DATE_RANGES).toHaveLength(11));

  it.each<[LogDateRange, string, string, string | null, string | null]>([
    // Rolling windows end now.
    ["HOURS_1", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-26T13:00:00.000Z", null],
    ["HOURS_12", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-26T02:00:00.000Z", null],
    ["HOURS_24", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-25T14:00:00.000Z", null],
    ["DAYS_7", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-19T14:00:00.000Z", null],
    ["DAYS_14", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-12T14:00:00.000Z", null],
    ["DAYS_30", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-10-27T14:00:00.000Z", null],
    // Calendar days from local midnight (CET = UTC+1 in November).
    ["YESTERDAY", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    ["DAY_BEFORE_YESTERDAY", "2026-11-26T14:00:00.000Z", "Europe/Zurich", "2026-11-23T23:00:00.000Z", "2026-11-24T23:00:00.000Z"],
    // 00:30 local on the 26th is still 25 November in UTC: the local day counts.
    ["YESTERDAY", "2026-11-25T23:30:00.000Z", "Europe/Zurich", "2026-11-24T23:00:00.000Z", "2026-11-25T23:00:00.000Z"],
    // Spring change (29 March 2026, 02:00 → 03:00): yesterday has 23 hours.
    ["YESTERDAY", "2026-03-30T10:00:00.000Z", "Europe/Zurich", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    // Autumn change (25 October 2026, 03:00 → 02:00): yesterday has 25 hours.
    ["YESTERDAY", "2026-10-26T10:00:00.000Z", "Europe/Zurich", "2026-10-24T22:00:00.000Z", "2026-10-25T23:00:00.000Z"],
    ["DAY_BEFORE_YESTERDAY", "2026-03-31T10:00:00.000Z", "Europe/Zurich", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    // This year on 1 January, local: 00:30 on 1 January 2026 is 31 December 2025 in UTC.
    ["THIS_YEAR", "2025-12-31T23:30:00.000Z", "Europe/Zurich", "2025-12-31T23:00:00.000Z", "2026-12-31T23:00:00.000Z"],
    // 23:59 local on 31 December 2025: still 2025.
    ["THIS_YEAR", "2025-12-31T22:59:00.000Z", "Europe/Zurich", "2024-12-31T23:00:00.000Z", "2025-12-31T23:00:00.000Z"],
    ["LAST_YEAR", "2026-06-01T12:00:00.000Z", "Europe/Zurich", "2024-12-31T23:00:00.000Z", "2025-12-31T23:00:00.000Z"],
    ["LAST_YEAR", "2026-01-01T00:30:00.000Z", "Europe/Zurich", "2024-12-31T23:00:00.000Z", "2025-12-31T23:00:00.000Z"],
    ["SINCE_BEGINNING", "2026-11-26T14:00:00.000Z", "Europe/Zurich", null, null],
    // Another zone: New York's spring change (8 March 2026) and its midnight (UTC-5 / UTC-4).
    ["YESTERDAY", "2026-03-09T12:00:00.000Z", "America/New_York", "2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    ["THIS_YEAR", "2026-11-26T14:00:00.000Z", "UTC", "2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
  ])("%s at %s in %s → [%s, %s)", (range, now, zone, from, to) => {
    const resolved = resolveLogDateRange(range, at(now), zone);
    expect([iso(resolved.from), iso(resolved.to)]).toEqual([from, to]);
  });

  it("yesterday spans 23 hours after the spring change and 25 after the autumn change", () => {
    const spring = resolveLogDateRange("YESTERDAY", at("2026-03-30T10:00:00.000Z"), "Europe/Zurich");
    const autumn = resolveLogDateRange("YESTERDAY", at("2026-10-26T10:00:00.000Z"), "Europe/Zurich");
    expect(((spring.to ?? 0) - (spring.from ?? 0)) / HOUR).toBe(23);
    expect(((autumn.to ?? 0) - (autumn.from ?? 0)) / HOUR).toBe(25);
  });
});

describe('custom from–to (spec §5 "date_after: start date must be before end date")', () => {
  it.each<[string | null, string | null, string | null, string | null]>([
    // A date is its local midnight; as the end it includes the whole day.
    ["2026-03-29", "2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z"],
    ["2026-11-01", "2026-11-30", "2026-10-31T23:00:00.000Z", "2026-11-30T23:00:00.000Z"],
    ["2026-11-26T08:00:00+01:00", "2026-11-26T09:30:00Z", "2026-11-26T07:00:00.000Z", "2026-11-26T09:30:00.000Z"],
    // Open on one side.
    ["2026-11-01", null, "2026-10-31T23:00:00.000Z", null],
    [null, "2026-11-01", null, "2026-11-01T23:00:00.000Z"],
    [null, null, null, null],
    // Exactly ten years is allowed.
    ["2016-01-01", "2025-12-31", "2015-12-31T23:00:00.000Z", "2025-12-31T23:00:00.000Z"],
  ])("from %j to %j → [%s, %s)", (from, to, expectedFrom, expectedTo) => {
    const result = resolveCustomRange({ from, to }, "Europe/Zurich");
    expect(result.ok && [iso(result.range.from), iso(result.range.to)]).toEqual([expectedFrom, expectedTo]);
  });

  it.each<[string | null, string | null, string, string]>([
    ["2026-11-02", "2026-11-01", "from", "validation.date_after"],
    ["2026-11-26T10:00:00Z", "2026-11-26T10:00:00Z", "from", "validation.date_after"],
    ["2015-01-01", "2025-01-01", "to", "validation.range_too_long"],
    ["gestern", "2026-11-01", "from", "validation.format"],
    ["2026-11-01", "2026-13-01", "to", "validation.format"],
    ["2026-11-01", "1700000000000", "to", "validation.format"],
  ])("from %j to %j → %s %s", (from, to, field, message) => {
    const result = resolveCustomRange({ from, to }, "Europe/Zurich");
    expect(result.ok ? null : result.errors[field]?.[0]?.message).toBe(message);
  });
});

describe('spec data §9 "Formats: dd.MM.yyyy, HH:mm with optional seconds" in the system zone: the wall clock for spreadsheet dates', () => {
  it.each([
    ["2026-11-26T14:00:05.000Z", "Europe/Zurich", "2026-11-26T15:00:05.000Z"],
    ["2026-07-01T22:30:00.000Z", "Europe/Zurich", "2026-07-02T00:30:00.000Z"],
    ["2026-03-29T01:00:00.000Z", "Europe/Zurich", "2026-03-29T03:00:00.000Z"],
    ["2026-11-26T14:00:00.000Z", "UTC", "2026-11-26T14:00:00.000Z"],
  ])("%s in %s reads %s", (instant, zone, wall) => expect(iso(wallClockAsUtc(at(instant), zone))).toBe(wall));
});
