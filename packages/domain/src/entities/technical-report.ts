import { bool, defineEntity, int, text } from "./define.ts";
import { requiredWhen } from "./entity-rules.ts";
import { periodWhenEnabled, PROBABLE_DEFECT_DURATION_MAX_HOURS } from "../rules/technical-reports.ts";

/**
 * spec data §3.8 "Report: email, enabled, send_daily/weekly/monthly, include_battery,
 * include_long_calls, include_not_reachable, include_probable_defects, battery_threshold,
 * call_duration_threshold, notify_battery/defects/not_reachable/probable_defects, radio_enabled,
 * technical_enabled, wired_enabled, probable_defect_count_threshold, probable_defect_criterion,
 * probable_defect_duration"; route table "/admin reports (+ edit) | admin::manage_reports and
 * analytics licence". The technical e-mail report of a system (docs/decisions/038-technical-reports.md):
 * sent daily 08:00, weekly Monday, monthly the 1st (spec §9) by the report scheduler.
 */
export const technicalReport = defineEntity({
  name: "technicalReport",
  plural: "technicalReports",
  table: "technical_reports",
  route: "reports",
  systemScoped: true,
  permission: "admin::manage_reports",
  licence: "analytics",
  displayField: "email",
  fields: {
    email: text({ required: true, max: 255, format: "email", list: true, search: true }),
    enabled: bool({ default: true, list: true }),
    send_daily: bool({ default: true, list: true }),
    send_weekly: bool({ default: false, list: true }),
    send_monthly: bool({ default: false, list: true }),
    include_battery: bool({ default: true }),
    // spec §4 "Battery: ... OK at or above low threshold": a percentage like the global thresholds.
    battery_threshold: int({ min: 0, max: 100, default: 40, unit: "percent" }),
    include_long_calls: bool({ default: true }),
    // A call open at least this long is a long call; minutes like the other call-side timeouts.
    call_duration_threshold: int({ min: 1, max: 1440, default: 30, unit: "minutes" }),
    include_not_reachable: bool({ default: true }),
    include_probable_defects: bool({ default: false }),
    // The same rule as the incident monitors' criterion (spec §5 "criterion must start with 0x, e.g. 0x6A").
    probable_defect_criterion: text({ max: 10, format: "criterion", default: "" }),
    probable_defect_count_threshold: int({ min: 1, max: 100, default: 5 }),
    probable_defect_duration: int({ min: 1, max: PROBABLE_DEFECT_DURATION_MAX_HOURS, default: 24, unit: "hours" }),
    radio_enabled: bool({ default: true }),
    technical_enabled: bool({ default: true }),
    wired_enabled: bool({ default: true }),
    notify_battery: bool({ default: false }),
    notify_defects: bool({ default: false }),
    notify_not_reachable: bool({ default: false }),
    notify_probable_defects: bool({ default: false }),
  },
  rules: [periodWhenEnabled, requiredWhen("probable_defect_criterion", "include_probable_defects")],
  defaultSort: { field: "email", direction: "asc" },
});
