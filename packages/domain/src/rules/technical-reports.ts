import type { EntityRule } from "../entities/define.ts";
import { VALIDATION_KEYS } from "../validation-messages.ts";
import type { MonitoredKind } from "./device-health.ts";
import type { ReportKind } from "./report-schedule.ts";

/**
 * Technical e-mail reports (spec data §3.8 "Report: ..."; docs/decisions/038-technical-reports.md):
 * which periods a report is sent for, which sections it holds and which devices and calls each
 * section lists. The server's scheduler reads the data; these rules decide.
 */

/** The report's fields these rules read (the entity's stored record). */
export interface TechnicalReportSettings {
  enabled: boolean;
  send_daily: boolean;
  send_weekly: boolean;
  send_monthly: boolean;
  include_battery: boolean;
  include_long_calls: boolean;
  include_not_reachable: boolean;
  include_probable_defects: boolean;
  battery_threshold: number;
  call_duration_threshold: number;
  probable_defect_count_threshold: number;
  probable_defect_criterion: string;
  probable_defect_duration: number;
  radio_enabled: boolean;
  technical_enabled: boolean;
  wired_enabled: boolean;
}

/** The incident monitors' criterion rule (criterion.ts): a report and a monitor accept the same criteria. */
export { isCriterion } from "./criterion.ts";

/**
 * spec §3.8 "enabled, send_daily/weekly/monthly": an enabled report that is sent for no period
 * would never arrive; the form says so on send_daily (the first of the three).
 */
export const periodWhenEnabled: EntityRule = (data) =>
  data["enabled"] !== false && data["send_daily"] !== true && data["send_weekly"] !== true && data["send_monthly"] !== true
    ? [{ field: "send_daily", message: VALIDATION_KEYS.one_option_required }]
    : [];

/** spec §9 "Daily report 08:00, weekly Monday, monthly the 1st": the periods the report is due for. */
export function technicalReportKinds(report: Pick<TechnicalReportSettings, "enabled" | "send_daily" | "send_weekly" | "send_monthly">): ReportKind[] {
  if (!report.enabled) return [];
  return [
    ...(report.send_daily ? (["daily"] as const) : []),
    ...(report.send_weekly ? (["weekly"] as const) : []),
    ...(report.send_monthly ? (["monthly"] as const) : []),
  ];
}

/**
 * The longest probable_defect_duration: the incident monitors' longest timeframe (incidents.ts
 * MONITOR_TIMEFRAME_MAX_HOURS, 30 days; the test holds them equal), kept here so the entity
 * registry does not load the incident rules.
 */
export const PROBABLE_DEFECT_DURATION_MAX_HOURS = 720;

export const TECHNICAL_REPORT_SECTIONS = ["battery", "long_calls", "not_reachable", "probable_defects"] as const;
export type TechnicalReportSection = (typeof TECHNICAL_REPORT_SECTIONS)[number];

/** spec §3.8 "include_battery, include_long_calls, include_not_reachable, include_probable_defects": only included sections. */
export function includedSections(report: TechnicalReportSettings): TechnicalReportSection[] {
  return TECHNICAL_REPORT_SECTIONS.filter((section) => report[`include_${section}`]);
}

/**
 * spec §3.8 "radio_enabled, technical_enabled, wired_enabled": the device types the report looks
 * at; a device's type is its monitoring kind (device-health.ts `monitoredKind`).
 */
export function reportDeviceKinds(report: Pick<TechnicalReportSettings, "radio_enabled" | "technical_enabled" | "wired_enabled">): MonitoredKind[] {
  return [
    ...(report.radio_enabled ? (["radio"] as const) : []),
    ...(report.technical_enabled ? (["tech"] as const) : []),
    ...(report.wired_enabled ? (["wired"] as const) : []),
  ];
}

/** Low battery: a known level (spec §4 "unknown when null or -1") below the report's battery_threshold. */
export function isLowBattery(level: number | null, threshold: number): boolean {
  if (level === null || level === -1 || !Number.isFinite(level)) return false;
  return level < threshold;
}

/**
 * A long call: open at least call_duration_threshold minutes, up to its close or, while it is
 * still open, up to the report's time.
 */
export function isLongCall(call: { opened_at: number; closed_at: number | null }, thresholdMinutes: number, at: number): boolean {
  const end = call.closed_at ?? at;
  return end - call.opened_at >= thresholdMinutes * 60_000;
}

/**
 * A probable defect: a device's calls matching the criterion within probable_defect_duration hours
 * reach probable_defect_count_threshold (as the incident monitors count, incidents.ts).
 */
export function isProbableDefect(count: number, threshold: number): boolean {
  return count >= threshold;
}

/** The window probable defects are counted in: the duration's hours before the report's time. */
export function probableDefectWindow(durationHours: number, at: number): { from: number; to: number } {
  return { from: at - durationHours * 3_600_000, to: at };
}
