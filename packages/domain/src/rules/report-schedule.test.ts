import { describe, expect, it } from "vitest";
import { formatZonedDateTime, latestSendTime, nextSendTime, reportPeriod, zonedInstant, type ReportKind } from "./report-schedule.ts";

const ZURICH = "Europe/Zurich";
const t = (iso: string): number => Date.parse(iso);

// Next send time: daily at 08:00, weekly on Monday 08:00, monthly on the 1st 08:00, in the
// system's time zone, correct across daylight-saving changes (docs/decisions/023). spec data §9 "Daily
// report 08:00, weekly Monday, monthly the 1st." 2026: summer time starts Sunday 29 March,
// ends Sunday 25 October.
describe("nextSendTime (Europe/Zurich)", () => {
  it.each<[string, ReportKind, string, string]>([
    ["daily, exactly at 08:00 → tomorrow", "daily", "2026-03-10T07:00:00Z", "2026-03-11T07:00:00Z"],
    ["daily, before 08:00 → today", "daily", "2026-03-10T06:59:59Z", "2026-03-10T07:00:00Z"],
    ["daily, the night summer time starts: 08:00 CEST is 06:00Z", "daily", "2026-03-28T12:00:00Z", "2026-03-29T06:00:00Z"],
    ["daily, on the spring-forward day itself, 01:30 local", "daily", "2026-03-29T00:30:00Z", "2026-03-29T06:00:00Z"],
    ["daily, the night summer time ends: 08:00 CET is 07:00Z", "daily", "2026-10-24T12:00:00Z", "2026-10-25T07:00:00Z"],
    ["daily, on the fall-back day, 02:30 the second time", "daily", "2026-10-25T01:30:00Z", "2026-10-25T07:00:00Z"],
    ["weekly, Thursday → the Monday after the March change", "weekly", "2026-03-26T10:00:00Z", "2026-03-30T06:00:00Z"],
    ["weekly, Monday 07:59 local → the same Monday", "weekly", "2026-03-30T05:59:00Z", "2026-03-30T06:00:00Z"],
    ["weekly, Monday 08:00 local → the next Monday", "weekly", "2026-03-30T06:00:00Z", "2026-04-06T06:00:00Z"],
    ["weekly, across the October change", "weekly", "2026-10-22T10:00:00Z", "2026-10-26T07:00:00Z"],
    ["weekly, Sunday 23:30 local is still the old week", "weekly", "2026-10-25T22:30:00Z", "2026-10-26T07:00:00Z"],
    ["monthly, mid-March → 1 April in summer time", "monthly", "2026-03-15T12:00:00Z", "2026-04-01T06:00:00Z"],
    ["monthly, mid-October → 1 November in winter time", "monthly", "2026-10-15T12:00:00Z", "2026-11-01T07:00:00Z"],
    ["monthly, New Year's Eve → 1 January", "monthly", "2026-12-31T12:00:00Z", "2027-01-01T07:00:00Z"],
    ["monthly, the 1st at 07:00 local → the same day", "monthly", "2026-05-01T05:00:00Z", "2026-05-01T06:00:00Z"],
  ])("%s", (_name, kind, now, expected) => {
    expect(new Date(nextSendTime(kind, t(now), ZURICH)).toISOString()).toBe(new Date(t(expected)).toISOString());
  });

  it("uses the given zone: 08:00 in New York is 12:00Z in summer", () => {
    expect(new Date(nextSendTime("daily", t("2026-07-01T13:00:00Z"), "America/New_York")).toISOString()).toBe("2026-07-02T12:00:00.000Z");
  });

  it("latestSendTime is the send a scheduler that was down still owes", () => {
    expect(new Date(latestSendTime("daily", t("2026-03-29T05:59:00Z"), ZURICH)).toISOString()).toBe("2026-03-28T07:00:00.000Z");
    expect(new Date(latestSendTime("weekly", t("2026-04-02T10:00:00Z"), ZURICH)).toISOString()).toBe("2026-03-30T06:00:00.000Z");
  });
});

// "The reported period is the previous day / week / month in that zone."
describe("reportPeriod (Europe/Zurich)", () => {
  it.each<[string, ReportKind, string, string, string, string]>([
    ["daily after the spring-forward day: 23 hours", "daily", "2026-03-30T06:00:00Z", "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", "2026-03-29"],
    ["daily after the fall-back day: 25 hours", "daily", "2026-10-26T07:00:00Z", "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", "2026-10-25"],
    ["weekly: Monday to Sunday of the previous week", "weekly", "2026-03-30T06:00:00Z", "2026-03-22T23:00:00Z", "2026-03-29T22:00:00Z", "2026-03-23"],
    ["monthly: the whole of March", "monthly", "2026-04-01T06:00:00Z", "2026-02-28T23:00:00Z", "2026-03-31T22:00:00Z", "2026-03-01"],
    ["monthly: December of the previous year", "monthly", "2027-01-01T07:00:00Z", "2026-11-30T23:00:00Z", "2026-12-31T23:00:00Z", "2026-12-01"],
  ])("%s", (_name, kind, sent, from, to, key) => {
    const period = reportPeriod(kind, t(sent), ZURICH);
    expect([new Date(period.from).toISOString(), new Date(period.to).toISOString(), period.key]).toEqual([
      new Date(t(from)).toISOString(),
      new Date(t(to)).toISOString(),
      key,
    ]);
  });
});

describe("zonedInstant", () => {
  it.each([
    ["a spring-forward gap moves forward: 02:30 → 03:30 CEST", { year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, "2026-03-29T01:30:00Z"],
    ["a doubled fall-back hour takes its first occurrence (CEST)", { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, "2026-10-25T00:30:00Z"],
  ])("%s", (_name, local, expected) => {
    expect(new Date(zonedInstant(local, ZURICH)).toISOString()).toBe(new Date(t(expected)).toISOString());
  });

  it("formats dd.MM.yyyy HH:mm:ss in the zone (spec data §9 formats)", () => {
    expect(formatZonedDateTime(t("2026-10-25T00:30:05Z"), ZURICH)).toBe("25.10.2026 02:30:05");
  });
});
