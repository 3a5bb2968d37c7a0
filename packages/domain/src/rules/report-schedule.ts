import { wallClock, type WallClock } from "./time-zone.ts";
/**
 * When scheduled call reports go out and which period they cover.
 *
 * spec data §9: "Daily report 08:00, weekly Monday, monthly the 1st." spec data §3.1 "Report
 * period: Daily, Monthly, Weekly." All in the system's time zone (system parameter `timezone`),
 * so 08:00 stays 08:00 on the wall clock across daylight-saving changes.
 */

export const REPORT_KINDS = ["daily", "weekly", "monthly"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** spec data §9: "Daily report 08:00" (also the hour of the weekly and monthly ones). */
export const REPORT_SEND_HOUR = 8;

/** A wall-clock date in a time zone; month 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

type LocalDateTime = WallClock;

/** The wall-clock time of an instant in a time zone. */
export function localDateTime(instant: number, timeZone: string): LocalDateTime {
  return wallClock(instant, timeZone);
}

/**
 * The instant of a wall-clock time in a time zone. A time that falls into a spring-forward gap
 * is moved forward by the gap (02:30 → 03:30); one that occurs twice takes its first occurrence.
 */
export function zonedInstant(local: LocalDate & { hour?: number; minute?: number }, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  const offsetAt = (instant: number): number => {
    const l = localDateTime(instant, timeZone);
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - instant;
  };
  // Two offset guesses around the wall time: the earlier instant that shows this wall time wins.
  const first = wall - offsetAt(wall - 86_400_000 / 2);
  const second = wall - offsetAt(wall + 86_400_000 / 2);
  const candidates = [first, second].filter((instant) => wall - offsetAt(instant) === instant).sort((a, b) => a - b);
  return candidates[0] ?? Math.max(first, second);
}

/** Adds days to a calendar date (no time zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function addMonths(date: LocalDate, months: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: 1 };
}

/** spec data §9 "week starts Monday": 0 = Monday … 6 = Sunday. */
function mondayBasedWeekday(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/** The calendar date of the kind's send day on or before `date`. */
function sendDayOnOrBefore(kind: ReportKind, date: LocalDate): LocalDate {
  if (kind === "daily") return date;
  if (kind === "weekly") return addDays(date, -mondayBasedWeekday(date));
  return { year: date.year, month: date.month, day: 1 };
}

function nextSendDay(kind: ReportKind, sendDay: LocalDate): LocalDate {
  if (kind === "daily") return addDays(sendDay, 1);
  if (kind === "weekly") return addDays(sendDay, 7);
  return addMonths(sendDay, 1);
}

const sendInstant = (day: LocalDate, timeZone: string): number => zonedInstant({ ...day, hour: REPORT_SEND_HOUR }, timeZone);

/** The latest send time at or before `now` (the one a scheduler that was down still owes). */
export function latestSendTime(kind: ReportKind, now: number, timeZone: string): number {
  const today = localDateTime(now, timeZone);
  let day = sendDayOnOrBefore(kind, today);
  // Before 08:00 on a send day the previous send day is the latest.
  if (sendInstant(day, timeZone) > now) day = sendDayOnOrBefore(kind, addDays(day, -1));
  return sendInstant(day, timeZone);
}

/** The first send time strictly after `now`: daily 08:00, weekly Monday 08:00, monthly the 1st 08:00. */
export function nextSendTime(kind: ReportKind, now: number, timeZone: string): number {
  const latest = latestSendTime(kind, now, timeZone);
  const l = localDateTime(latest, timeZone);
  return sendInstant(nextSendDay(kind, { year: l.year, month: l.month, day: l.day }), timeZone);
}

/** The period a report covers: [from, to) as instants, and a key naming it (its first local day). */
export interface ReportPeriod {
  from: number;
  to: number;
  /** `yyyy-MM-dd` of the period's first day in the system's zone: one report per key. */
  key: string;
  firstDay: LocalDate;
  lastDay: LocalDate;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");
export const isoDate = (d: LocalDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/**
 * The period the report sent at `sendTime` covers: the previous day, week (Monday–Sunday) or
 * month in the system's zone, from local midnight to local midnight (23 or 25 hours on the
 * daylight-saving days).
 */
export function reportPeriod(kind: ReportKind, sendTime: number, timeZone: string): ReportPeriod {
  const l = localDateTime(sendTime, timeZone);
  const sendDay = sendDayOnOrBefore(kind, { year: l.year, month: l.month, day: l.day });
  const firstDay = kind === "daily" ? addDays(sendDay, -1) : kind === "weekly" ? addDays(sendDay, -7) : addMonths(sendDay, -1);
  return {
    from: zonedInstant(firstDay, timeZone),
    to: zonedInstant(sendDay, timeZone),
    key: isoDate(firstDay),
    firstDay,
    lastDay: addDays(sendDay, -1),
  };
}

/** spec data §9 "Formats: dd.MM.yyyy, HH:mm with optional seconds": an instant in the zone. */
export function formatZonedDateTime(instant: number, timeZone: string): string {
  const l = localDateTime(instant, timeZone);
  return `${pad(l.day)}.${pad(l.month)}.${pad(l.year, 4)} ${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}`;
}

export const formatLocalDate = (d: LocalDate): string => `${pad(d.day)}.${pad(d.month)}.${pad(d.year, 4)}`;
