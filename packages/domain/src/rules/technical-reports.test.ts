import { describe, expect, it } from "vitest";
import { entitySchema } from "../entities/schema.ts";
import { technicalReport } from "../entities/technical-report.ts";
import { incidentMonitorSchema, MONITOR_TIMEFRAME_MAX_HOURS } from "./incidents.ts";
import {
  includedSections,
  isCriterion,
  isLongCall,
  isLowBattery,
  isProbableDefect,
  periodWhenEnabled,
  PROBABLE_DEFECT_DURATION_MAX_HOURS,
  reportDeviceKinds,
  technicalReportKinds,
  type TechnicalReportSettings,
} from "./technical-reports.ts";

/**
 * spec data §3.8 "Report: email, enabled, send_daily/weekly/monthly, include_battery,
 * include_long_calls, include_not_reachable, include_probable_defects, battery_threshold,
 * call_duration_threshold, ..., radio_enabled, technical_enabled, wired_enabled,
 * probable_defect_count_threshold, probable_defect_criterion, probable_defect_duration";
 * spec §9 "Daily report 08:00, weekly Monday, monthly the 1st".
 */

const base: TechnicalReportSettings = {
  enabled: true,
  send_daily: true,
  send_weekly: false,
  send_monthly: false,
  include_battery: true,
  include_long_calls: true,
  include_not_reachable: true,
  include_probable_defects: false,
  battery_threshold: 40,
  call_duration_threshold: 30,
  probable_defect_count_threshold: 5,
  probable_defect_criterion: "0x6A",
  probable_defect_duration: 24,
  radio_enabled: true,
  technical_enabled: true,
  wired_enabled: true,
};

describe("technical reports", () => {
  it.each([
    ["daily only", { send_daily: true }, ["daily"]],
    ["all three", { send_daily: true, send_weekly: true, send_monthly: true }, ["daily", "weekly", "monthly"]],
    ["weekly and monthly", { send_daily: false, send_weekly: true, send_monthly: true }, ["weekly", "monthly"]],
    ["disabled sends nothing", { enabled: false, send_weekly: true }, []],
  ] as const)("spec §9 periods: %s", (_case, patch, kinds) => {
    expect(technicalReportKinds({ ...base, ...patch })).toEqual(kinds);
  });

  it.each([
    ["enabled without a period", { enabled: true, send_daily: false, send_weekly: false, send_monthly: false }, 1],
    ["enabled with monthly", { enabled: true, send_daily: false, send_monthly: true }, 0],
    ["disabled without a period", { enabled: false, send_daily: false }, 0],
  ] as const)("at least one period when enabled: %s", (_case, data, issues) => {
    expect(periodWhenEnabled(data)).toHaveLength(issues);
  });

  it.each([
    ["0x6A", true],
    ["0x1", true],
    ["0xBEEF", true],
    ["0x12345", false],
    ["6A", false],
    ["0x", false],
    ["0xZZ", false],
  ] as const)("spec §5 criterion must start with 0x: %s → %s, as for the incident monitors", (value, ok) => {
    expect(isCriterion(value)).toBe(ok);
    expect(incidentMonitorSchema.shape.criterion.safeParse(value).success).toBe(ok);
  });

  it("allows the probable-defect duration the monitors allow", () => {
    expect(PROBABLE_DEFECT_DURATION_MAX_HOURS).toBe(MONITOR_TIMEFRAME_MAX_HOURS);
  });

  it.each([
    ["below", 39, 40, true],
    ["at the threshold", 40, 40, false],
    ["unknown null", null, 40, false],
    ["unknown -1 (spec §4)", -1, 40, false],
    ["threshold 0 lists none", 0, 0, false],
  ] as const)("battery_threshold: %s", (_case, level, threshold, low) => {
    expect(isLowBattery(level, threshold)).toBe(low);
  });

  it.each([
    ["closed after 31 min", { opened_at: 0, closed_at: 31 * 60_000 }, 30, true],
    ["closed after 29 min", { opened_at: 0, closed_at: 29 * 60_000 }, 30, false],
    ["still open 45 min", { opened_at: 0, closed_at: null }, 30, true],
  ] as const)("call_duration_threshold: %s", (_case, call, minutes, long) => {
    expect(isLongCall(call, minutes, 45 * 60_000)).toBe(long);
  });

  it("probable_defect_count_threshold: reached at the count", () => {
    expect(isProbableDefect(5, 5)).toBe(true);
    expect(isProbableDefect(4, 5)).toBe(false);
  });

  it("sections and device types follow the include_* and *_enabled flags", () => {
    expect(includedSections(base)).toEqual(["battery", "long_calls", "not_reachable"]);
    expect(includedSections({ ...base, include_battery: false, include_probable_defects: true })).toEqual(["long_calls", "not_reachable", "probable_defects"]);
    expect(reportDeviceKinds({ ...base, wired_enabled: false })).toEqual(["radio", "tech"]);
  });

  it.each([
    ["criterion without 0x", { probable_defect_criterion: "6A" }, "probable_defect_criterion", "validation.criterion"],
    ["battery threshold 101", { battery_threshold: 101 }, "battery_threshold", "validation.between"],
    ["call duration 0", { call_duration_threshold: 0 }, "call_duration_threshold", "validation.between"],
    ["count threshold 0", { probable_defect_count_threshold: 0 }, "probable_defect_count_threshold", "validation.between"],
    ["count threshold 101", { probable_defect_count_threshold: 101 }, "probable_defect_count_threshold", "validation.between"],
    ["duration 0 hours", { probable_defect_duration: 0 }, "probable_defect_duration", "validation.between"],
    ["bad address", { email: "technik" }, "email", "validation.email"],
    ["no period", { send_daily: false }, "send_daily", "validation.one_option_required"],
    [
      "probable defects without criterion",
      { include_probable_defects: true, probable_defect_criterion: "" },
      "probable_defect_criterion",
      "validation.required",
    ],
  ] as const)("the entity schema refuses %s", (_case, patch, field, message) => {
    const result = entitySchema(technicalReport).safeParse({ email: "technik@example.org", ...patch });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    expect(issues).toContain(message);
  });

  it("the entity schema accepts a valid report with its defaults", () => {
    const result = entitySchema(technicalReport).safeParse({ email: "technik@example.org", probable_defect_criterion: "0x6A" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ enabled: true, send_daily: true, battery_threshold: 40, probable_defect_duration: 24 });
  });
});
