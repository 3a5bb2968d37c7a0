import { DISPLAY_GROUP_ALL, DISPLAY_GROUP_NONE, DISPLAY_GROUP_SECTION, SCHEDULE_ALL_DAY, SCHEDULE_NONE, JUST_NOW_LIMIT_MS } from "../constants.ts";
import { contrastRatio, MIN_TEXT_CONTRAST } from "./display-contrast.ts";

/** Pure rules of the display board (spec screens "Display screen (public)", §4 weekend/slots). */

const MINUTES_PER_WEEK = 7 * 24 * 60;

/** Minutes since Monday 00:00 (local time): the unit of weekend_start / weekend_stop. */
export function minutesIntoWeek(date: Date): number {
  const day = (date.getDay() + 6) % 7; // Monday = 0
  return day * 1440 + date.getHours() * 60 + date.getMinutes();
}

/**
 * spec §4: "Weekend for displays: runs from weekend_start to weekend_stop (minutes from a
 * Monday-start week)". A window whose stop is before its start wraps over Monday 00:00.
 */
export function isWeekend(date: Date, weekendStart: number, weekendStop: number): boolean {
  const now = minutesIntoWeek(date);
  const start = ((weekendStart % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const stop = ((weekendStop % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  if (start === stop) return weekendStop - weekendStart >= MINUTES_PER_WEEK;
  return start < stop ? now >= start && now < stop : now >= start || now < stop;
}

/**
 * spec §4: "The active display group is chosen by which schedule time slot the current time falls
 * in (before the first time wraps to the last slot)." `times` are minutes since midnight of the
 * schedule's steps (nulls ignored); returns the 0-based slot, or 0 for an empty schedule.
 */
export function activeScheduleSlot(times: readonly (number | null | undefined)[], minutesOfDay: number): number {
  const steps = times.filter((t): t is number => typeof t === "number");
  if (steps.length === 0) return 0;
  let slot = steps.length - 1; // before the first time: the last slot (wrap)
  for (const [index, time] of steps.entries()) if (minutesOfDay >= time) slot = index;
  return slot;
}

/** spec: "Trailing empty group ids are dropped." Empty = null, undefined or -1. */
export function dropTrailingEmpty(groups: readonly (number | null | undefined)[]): (number | null)[] {
  const list = groups.map((g) => (g === undefined || g === -1 ? null : g));
  while (list.length > 0 && list[list.length - 1] === null) list.pop();
  return list;
}

/** What a slot's display group means for the board. */
export type GroupSelection = { kind: "none" } | { kind: "all" } | { kind: "section" } | { kind: "group"; id: number };

/** spec: "Sentinel ids: ... display group 255 none, 254 all, 253 section." */
export function interpretDisplayGroup(id: number | null): GroupSelection {
  if (id === null || id === DISPLAY_GROUP_NONE) return { kind: "none" };
  if (id === DISPLAY_GROUP_ALL) return { kind: "all" };
  if (id === DISPLAY_GROUP_SECTION) return { kind: "section" };
  return { kind: "group", id };
}

/**
 * The display group in force: weekday or weekend schedule and groups, the active slot of that
 * schedule (schedule 20 = all day: slot 0; 255 = none), its group after dropping trailing empties.
 */
export function activeDisplayGroup(input: {
  now: Date;
  weekendStart: number;
  weekendStop: number;
  weekday: { scheduleId: number | null; times: readonly (number | null)[]; groups: readonly (number | null)[] };
  weekend: { scheduleId: number | null; times: readonly (number | null)[]; groups: readonly (number | null)[] };
}): GroupSelection {
  const part = isWeekend(input.now, input.weekendStart, input.weekendStop) ? input.weekend : input.weekday;
  if (part.scheduleId === null || part.scheduleId === SCHEDULE_NONE) return { kind: "none" };
  const groups = dropTrailingEmpty(part.groups);
  if (groups.length === 0) return { kind: "none" };
  const slot = part.scheduleId === SCHEDULE_ALL_DAY ? 0 : activeScheduleSlot(part.times, input.now.getHours() * 60 + input.now.getMinutes());
  // A slot without its own group shows the last configured one.
  return interpretDisplayGroup(groups[Math.min(slot, groups.length - 1)] ?? null);
}

/** spec §9: "Just-now limit 10 s": under 10 seconds the time reads as just now. */
export function timeSinceOpened(openedAt: string, now: number): { kind: "just_now" } | { kind: "elapsed"; minutes: number; seconds: number } {
  const elapsedMs = Math.max(0, now - Date.parse(openedAt));
  // An unreadable opened_at (NaN) reads as just now too.
  if (!(elapsedMs >= JUST_NOW_LIMIT_MS)) return { kind: "just_now" };
  const seconds = Math.floor(elapsedMs / 1000);
  return { kind: "elapsed", minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}

/**
 * Text colour on a call-type colour: white when it reaches WCAG AA (4.5:1) — the convention on
 * alarm colours — else whichever of black and white contrasts more.
 */
export function textColorOn(hex: string): "#000000" | "#FFFFFF" {
  const white = contrastRatio(hex, "#FFFFFF");
  const black = contrastRatio(hex, "#000000");
  if (white === null || black === null) return "#000000";
  // One of the two always reaches 4.58:1 (√21), so the rule meets AA on any colour.
  return white >= MIN_TEXT_CONTRAST || white >= black ? "#FFFFFF" : "#000000";
}

/** Parses "1,2,3" into positive integers; garbage entries are dropped (spec "sections"). */
export function parseIdList(value: string | null | undefined, max = 100): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, max);
}

/** "22:00-06:00" → minutes; null for garbage like "25:99-x" (spec "ignore_sections_time"). */
export function parseTimeRange(value: string | null | undefined): { start: number; end: number } | null {
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec((value ?? "").trim());
  if (!match) return null;
  const [h1, m1, h2, m2] = match.slice(1).map(Number) as [number, number, number, number];
  if (h1 > 23 || h2 > 23 || m1 > 59 || m2 > 59) return null;
  return { start: h1 * 60 + m1, end: h2 * 60 + m2 };
}

/** Whether a time of day lies in a range that may wrap past midnight. */
export function inTimeRange(minutesOfDay: number, range: { start: number; end: number }): boolean {
  return range.start <= range.end ? minutesOfDay >= range.start && minutesOfDay < range.end : minutesOfDay >= range.start || minutesOfDay < range.end;
}
