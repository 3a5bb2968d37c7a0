import { addDays, localDateTime, zonedInstant, type LocalDate } from "./report-schedule.ts";

/**
 * spec data §9 "Log date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before
 * yesterday, this year, last year, since beginning." plus a custom from/to (saved call filter
 * "time range", spec data §3.4).
 */
export const LOG_DATE_RANGES = [
  "hours_1",
  "hours_12",
  "hours_24",
  "days_7",
  "days_14",
  "days_30",
  "yesterday",
  "day_before_yesterday",
  "this_year",
  "last_year",
  "since_beginning",
  "custom",
] as const;
export type LogDateRange = (typeof LOG_DATE_RANGES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROLLING: Partial<Record<LogDateRange, number>> = {
  hours_1: HOUR,
  hours_12: 12 * HOUR,
  hours_24: 24 * HOUR,
  days_7: 7 * DAY,
  days_14: 14 * DAY,
  days_30: 30 * DAY,
};

/**
 * The instants [from, to) a range covers at `now`; null ends are open. Calendar ranges
 * (yesterday, this year, …) follow the system's time zone; rolling ones count back from now.
 */
export function resolveLogDateRange(
  range: LogDateRange,
  now: number,
  timeZone: string,
  custom: { from: number | null; to: number | null } = { from: null, to: null },
): { from: number | null; to: number | null } {
  const rolling = ROLLING[range];
  if (rolling !== undefined) return { from: now - rolling, to: null };
  const l = localDateTime(now, timeZone);
  const today: LocalDate = { year: l.year, month: l.month, day: l.day };
  const at = (d: LocalDate): number => zonedInstant(d, timeZone);
  switch (range) {
    case "yesterday":
      return { from: at(addDays(today, -1)), to: at(today) };
    case "day_before_yesterday":
      return { from: at(addDays(today, -2)), to: at(addDays(today, -1)) };
    case "this_year":
      return { from: at({ year: l.year, month: 1, day: 1 }), to: null };
    case "last_year":
      return { from: at({ year: l.year - 1, month: 1, day: 1 }), to: at({ year: l.year, month: 1, day: 1 }) };
    case "custom":
      return custom;
    default:
      return { from: null, to: null };
  }
}
