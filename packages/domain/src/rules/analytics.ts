import type { FieldError } from "../field-errors.ts";
import { VALIDATION_KEYS } from "../validation-messages.ts";
import { wallClockAsUtc } from "./log-date-ranges.ts";

/**
 * Pure parts of the analytics screen (spec route /analytics; docs/decisions/034-analytics.md):
 * the shift of a local time, percentiles over a histogram of whole seconds, and the zone's UTC
 * offsets over a period (the database groups calls by local hour with them).
 */

/** ARCHITECTURE «Product rules»: "Day is 07:00–18:59, night 19:00–06:59, in the call system's local time." */
export const SHIFTS = ["DAY", "NIGHT"] as const;
export type Shift = (typeof SHIFTS)[number];
export const DAY_SHIFT_FIRST_HOUR = 7;
export const NIGHT_SHIFT_FIRST_HOUR = 19;

/** The shift of a local hour 0–23. */
export function shiftOfHour(hour: number): Shift {
  return hour >= DAY_SHIFT_FIRST_HOUR && hour < NIGHT_SHIFT_FIRST_HOUR ? "DAY" : "NIGHT";
}

/** The shift of an instant in the system's zone. */
export function shiftAt(at: number, timeZone: string): Shift {
  const local = wallClockAsUtc(at, timeZone);
  return shiftOfHour(new Date(local).getUTCHours());
}

/** One value and how often it occurred. */
export type HistogramEntry = readonly [value: number, count: number];

/**
 * The p-th percentile (0 < p ≤ 100) by the nearest-rank method: the smallest value such that at
 * least p % of all values are at or below it. The median is p = 50 (of an even count, the lower of
 * the two middle values); no interpolation, so the answer is always a response time that occurred.
 * Null for no values. Entries may come in any order; counts of 0 or less are ignored.
 */
export function percentileOfHistogram(entries: readonly HistogramEntry[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  const sorted = entries.filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [value, count] of sorted) {
    seen += count;
    if (seen >= rank) return value;
  }
  return sorted[sorted.length - 1]?.[0] ?? null;
}

/**
 * The same rule over counts of ascending values: `counts[i]` values equal `values[i]` (the
 * response buckets: index = bucket, value = its lower bound). One pass, nothing sorted.
 */
export function percentileOfCounts(counts: ArrayLike<number>, values: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`);
  let total = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i]! > 0) total += counts[i]!;
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  let last: number | null = null;
  for (let i = 0; i < counts.length; i++) {
    if (!(counts[i]! > 0)) continue;
    seen += counts[i]!;
    last = values[i]!;
    if (seen >= rank) return last;
  }
  return last;
}

/** The same over plain values (tests, small lists). */
export function percentile(values: readonly number[], p: number): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return percentileOfHistogram([...counts], p);
}

/** A stretch of time with one UTC offset: instants before `until` (null: open end) have `offsetMs`. */
export interface OffsetSegment {
  until: number | null;
  offsetMs: number;
}

const WEEK = 7 * 86_400_000;

function offsetAt(at: number, timeZone: string): number {
  const whole = at - (((at % 1000) + 1000) % 1000);
  return wallClockAsUtc(whole, timeZone) - whole;
}

/**
 * The zone's UTC offsets between two instants, in order: a database adds the offset of the
 * segment an instant falls in to get its local wall clock (SQLite knows no time zones). Zones
 * change their offset at most a few times a year, never twice within a week, so the period is
 * sampled weekly and every change is narrowed down to the second.
 */
export function offsetSegments(from: number, to: number, timeZone: string): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  let current = offsetAt(from, timeZone);
  let at = from;
  while (at < to) {
    const next = Math.min(at + WEEK, to);
    const offset = offsetAt(next, timeZone);
    if (offset !== current) {
      // The change lies in (at, next]: find its first second.
      let lo = at;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (offsetAt(mid, timeZone) === current) lo = mid;
        else hi = mid;
      }
      segments.push({ until: hi, offsetMs: current });
      current = offsetAt(hi, timeZone);
      at = hi;
      continue;
    }
    at = next;
  }
  segments.push({ until: null, offsetMs: current });
  return segments;
}

/** Weekday of a local day number (days since 1970-01-01 in local time): 0 Monday … 6 Sunday. */
export function weekdayOfLocalDay(day: number): number {
  // 1970-01-01 was a Thursday (3 counting from Monday = 0).
  return (((day + 3) % 7) + 7) % 7;
}

/** The local date (YYYY-MM-DD) of a local day number. */
export function dateOfLocalDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Not in the spec: the longest custom analytics period, a year and a day (a leap year's review). */
export const ANALYTICS_MAX_DAYS = 366;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function dayNumber(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms / 86_400_000 : null;
}

/**
 * The custom from–to period of the analytics screen (local dates, both days included): both
 * required as YYYY-MM-DD, from on or before to (spec §5 "date_after: start date must be before end
 * date"), at most ANALYTICS_MAX_DAYS days. The form checks it before asking; the server again.
 */
export function analyticsPeriodErrors(from: string, to: string): Record<string, FieldError[]> {
  const errors: Record<string, FieldError[]> = {};
  const parse = (field: "from" | "to", value: string): number | null => {
    if (value.trim() === "") {
      errors[field] = [{ message: VALIDATION_KEYS.required, data: { field } }];
      return null;
    }
    const day = dayNumber(value.trim());
    if (day === null) errors[field] = [{ message: VALIDATION_KEYS.format, data: { field, format: "YYYY-MM-DD" } }];
    return day;
  };
  const first = parse("from", from);
  const last = parse("to", to);
  if (first !== null && last !== null) {
    if (first > last) errors["from"] = [{ message: VALIDATION_KEYS.date_after, data: { field: "from" } }];
    else if (last - first + 1 > ANALYTICS_MAX_DAYS)
      errors["to"] = [{ message: VALIDATION_KEYS.range_too_long_days, data: { field: "to", days: ANALYTICS_MAX_DAYS } }];
  }
  return errors;
}
