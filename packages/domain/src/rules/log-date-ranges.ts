import { wallClock } from "./time-zone.ts";
import type { FieldError } from "../field-errors.ts";
import { VALIDATION_KEYS } from "../validation-messages.ts";

/**
 * spec §9 "Log date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before yesterday,
 * this year, last year, since beginning". Each resolves to the instants [from, to) of the calls'
 * opening, in the system's time zone (spec §3.8 configurator "timezone").
 *
 * - The hour and day ranges are rolling windows ending now (30 days = 30 × 24 h back), so "24
 *   hours" and "yesterday" differ as the user expects.
 * - yesterday, day before yesterday, this year, last year are calendar periods from local midnight
 *   to local midnight: across a DST change "yesterday" is 23 or 25 hours long.
 * - since beginning has no bounds at all.
 */
export const LOG_DATE_RANGES = [
  "HOURS_1",
  "HOURS_12",
  "HOURS_24",
  "DAYS_7",
  "DAYS_14",
  "DAYS_30",
  "YESTERDAY",
  "DAY_BEFORE_YESTERDAY",
  "THIS_YEAR",
  "LAST_YEAR",
  "SINCE_BEGINNING",
] as const;
export type LogDateRange = (typeof LOG_DATE_RANGES)[number];

/** The default time zone of a system (spec §3.8 "timezone"; the configurator's default). */
export const DEFAULT_LOG_TIME_ZONE = "Europe/Zurich";
/** Not in the spec: a custom period longer than this is refused (a typo like 2205 for 2025). */
export const MAX_CUSTOM_RANGE_YEARS = 10;

/** Epoch milliseconds; null: no bound on that side. */
export interface InstantRange {
  from: number | null;
  to: number | null;
}

const HOUR = 3_600_000;
const ROLLING: Partial<Record<LogDateRange, number>> = {
  HOURS_1: HOUR,
  HOURS_12: 12 * HOUR,
  HOURS_24: 24 * HOUR,
  DAYS_7: 7 * 24 * HOUR,
  DAYS_14: 14 * 24 * HOUR,
  DAYS_30: 30 * 24 * HOUR,
};

/** The zone's offset from UTC at an instant, in ms (Zurich in winter: +3,600,000). */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (at - (at % 1000));
}

/**
 * The wall clock of an instant in the zone as if it were UTC: spreadsheets (XLSX) store dates
 * without a zone, so a cell shows the local time the log shows only when written this way.
 */
export function wallClockAsUtc(at: number, timeZone: string): number {
  return at + offsetAt(at, timeZone);
}

/**
 * The first instant of a local calendar day (month 1-based; day and month may overflow, as with
 * Date.UTC). Midnight of a day whose clock jumps over it starts at the jump.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (second === first) return first;
  // Two offsets around the day's start: take the one that puts the instant at or after local midnight.
  return Math.max(first, second);
}

/** The local calendar date of an instant. */
function localDate(at: number, timeZone: string): { year: number; month: number; day: number } {
  const { year, month, day } = wallClock(at, timeZone);
  return { year, month, day };
}

/** spec §9 log date range at `now` in the system's zone; see the module comment. */
export function resolveLogDateRange(range: LogDateRange, now: number, timeZone: string = DEFAULT_LOG_TIME_ZONE): InstantRange {
  const rolling = ROLLING[range];
  if (rolling !== undefined) return { from: now - rolling, to: null };
  const today = localDate(now, timeZone);
  switch (range) {
    case "YESTERDAY":
      return { from: startOfLocalDay(today.year, today.month, today.day - 1, timeZone), to: startOfLocalDay(today.year, today.month, today.day, timeZone) };
    case "DAY_BEFORE_YESTERDAY":
      return {
        from: startOfLocalDay(today.year, today.month, today.day - 2, timeZone),
        to: startOfLocalDay(today.year, today.month, today.day - 1, timeZone),
      };
    case "THIS_YEAR":
      return { from: startOfLocalDay(today.year, 1, 1, timeZone), to: startOfLocalDay(today.year + 1, 1, 1, timeZone) };
    case "LAST_YEAR":
      return { from: startOfLocalDay(today.year - 1, 1, 1, timeZone), to: startOfLocalDay(today.year, 1, 1, timeZone) };
    default:
      return { from: null, to: null };
  }
}

/** An ISO instant ("2026-03-29T00:00:00+01:00", "…Z") or a local date ("2026-03-29", its midnight in the zone). */
function parseBound(value: string, timeZone: string, endOfDay: boolean): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    // A date as the end means "to the end of that day": the next day's start, exclusive.
    return startOfLocalDay(year, month, day + (endOfDay ? 1 : 0), timeZone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const parsed = Date.parse(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * A custom from–to period: [from, to). Either bound may be missing (open on that side). Errors per
 * field: a bound that is no date gives `format`; from not before to gives spec §5 "date_after:
 * start date must be before end date" on `from`; more than MAX_CUSTOM_RANGE_YEARS gives
 * `range_too_long` on `to`.
 */
export function resolveCustomRange(
  input: { from?: string | null; to?: string | null },
  timeZone: string = DEFAULT_LOG_TIME_ZONE,
): { ok: true; range: InstantRange } | { ok: false; errors: Record<string, FieldError[]> } {
  const errors: Record<string, FieldError[]> = {};
  const bound = (field: "from" | "to"): number | null => {
    const value = input[field];
    if (value === null || value === undefined || value === "") return null;
    const parsed = parseBound(value.trim(), timeZone, field === "to");
    if (parsed === null) errors[field] = [{ message: VALIDATION_KEYS.format, data: { field, format: "YYYY-MM-DD | ISO 8601" } }];
    return parsed;
  };
  const from = bound("from");
  const to = bound("to");
  if (Object.keys(errors).length === 0 && from !== null && to !== null) {
    if (from >= to) errors["from"] = [{ message: VALIDATION_KEYS.date_after, data: { field: "from" } }];
    else {
      const limit = localDate(from, timeZone);
      if (
        to >
        startOfLocalDay(limit.year + MAX_CUSTOM_RANGE_YEARS, limit.month, limit.day, timeZone) +
          (from - startOfLocalDay(limit.year, limit.month, limit.day, timeZone))
      ) {
        errors["to"] = [{ message: VALIDATION_KEYS.range_too_long, data: { field: "to", years: MAX_CUSTOM_RANGE_YEARS } }];
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, range: { from, to } };
}
