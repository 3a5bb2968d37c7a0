import { DISPLAY_GROUP_ALL, DISPLAY_GROUPS_PER_SCHEDULE, SCHEDULE_ALL_DAY } from "../constants.ts";
import { FONT_SIZES, readFontSize, type FontSize } from "../display-profile.ts";
import { LOCALES, type Locale } from "./locale.ts";
import { inTimeRange, parseIdList, parseTimeRange } from "./display.ts";
import { emptyDisplaySetting, GROUP_SLOTS, groupSlotField, SCHEDULE_PARTS, type DisplaySettingDraft } from "./display-settings.ts";

/**
 * The display board's query parameters (spec "Display screen (public)": "sections, ignore_sections_time,
 * fullscreen, videostream, ignore_sections_filter_for_call_types, system, locale, fontsize,
 * wd_schedule with wd_groups, we_schedule with we_groups"). Every reader is total: garbage gives
 * the default, never an exception.
 */

/** One part (weekday or weekend) of a schedule override from the URL. */
export interface ScheduleOverride {
  scheduleId: number;
  /** Up to five slots; null = no group in that slot (spec: "-1 meaning none"). */
  groups: (number | null)[];
}

export interface DisplayQuery {
  sections: number[];
  /** Minutes of day; the sections filter is ignored inside this window. */
  ignoreSectionsTime: { start: number; end: number } | null;
  ignoreSectionsFilterForCallTypes: number[];
  fullscreen: boolean;
  videoStream: boolean;
  system: number | null;
  locale: Locale | null;
  fontSize: FontSize | null;
  weekday: ScheduleOverride | null;
  weekend: ScheduleOverride | null;
}

/** What the board reads parameters from (URLSearchParams fits). */
export interface QueryReader {
  get(name: string): string | null;
}

/** A whole number in [min, max] written as plain digits ("07" is 7), else null. */
export function parseBoundedInt(value: string | null | undefined, min: number, max: number): number | null {
  const text = (value ?? "").trim();
  if (!/^-?\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/**
 * spec: "wd_groups (up to 5 comma-separated display group ids, -1 meaning none)". Entries that
 * are not ids (1..255) or -1 make the whole list invalid (null): a half-understood list would
 * show the wrong calls on a wall screen; more than five entries keep the first five.
 */
export function parseGroupSlots(value: string | null | undefined): (number | null)[] | null {
  const text = (value ?? "").trim();
  if (text === "") return null;
  const parts = text.split(",").slice(0, DISPLAY_GROUPS_PER_SCHEDULE);
  const slots: (number | null)[] = [];
  for (const part of parts) {
    const n = parseBoundedInt(part, -1, 255);
    if (n === null || n === 0) return null;
    slots.push(n === -1 ? null : n);
  }
  return slots.some((slot) => slot !== null) ? slots : null;
}

/** spec: "wd_schedule with wd_groups": both must be readable, else the profile's setting applies. */
export function parseScheduleOverride(schedule: string | null, groups: string | null): ScheduleOverride | null {
  const scheduleId = parseBoundedInt(schedule, 1, 255);
  const slots = parseGroupSlots(groups);
  return scheduleId === null || slots === null ? null : { scheduleId, groups: slots };
}

/** Reads every parameter of the board; unknown or malformed values give the defaults. */
export function parseDisplayQuery(search: QueryReader): DisplayQuery {
  const locale = search.get("locale");
  return {
    sections: parseIdList(search.get("sections")),
    ignoreSectionsTime: parseTimeRange(search.get("ignore_sections_time")),
    ignoreSectionsFilterForCallTypes: parseIdList(search.get("ignore_sections_filter_for_call_types")),
    fullscreen: search.get("fullscreen") === "1",
    videoStream: search.get("videostream") === "1",
    // spec §7: "X-CS-System (system id padded to 2 digits)": systems are 1..99.
    system: parseBoundedInt(search.get("system"), 1, 99),
    locale: (LOCALES as readonly string[]).includes(locale ?? "") ? (locale as Locale) : null,
    fontSize: readFontSize(search.get("fontsize")),
    weekday: parseScheduleOverride(search.get("wd_schedule"), search.get("wd_groups")),
    weekend: parseScheduleOverride(search.get("we_schedule"), search.get("we_groups")),
  };
}

/**
 * spec: "ignore_sections_time (start-end, may wrap past midnight)": inside the window the
 * sections filter does not apply (e.g. a night nurse covering the whole house from 22:00-06:00).
 */
export function sectionsFilterActive(query: Pick<DisplayQuery, "sections" | "ignoreSectionsTime">, minutesOfDay: number): boolean {
  if (query.sections.length === 0) return false;
  return query.ignoreSectionsTime === null || !inTimeRange(minutesOfDay, query.ignoreSectionsTime);
}

/**
 * Whether a call passes the sections filter: no active filter, a listed section, or a call type
 * of ignore_sections_filter_for_call_types (e.g. emergencies from every station).
 */
export function passesSectionsFilter(
  call: { section_id: number | null; call_type_id: number | null },
  sections: readonly number[],
  filterActive: boolean,
  alwaysShownCallTypes: readonly number[],
): boolean {
  if (!filterActive) return true;
  if (call.call_type_id !== null && alwaysShownCallTypes.includes(call.call_type_id)) return true;
  return call.section_id !== null && sections.includes(call.section_id);
}

/** One system's setting as the board reads it (profile settings or URL overrides). */
export type ScheduleSetting = DisplaySettingDraft;

/**
 * The setting in force for a system: the profile's, with the URL's wd_/we_ overrides replacing
 * their part. Without a profile setting the part the URL leaves out keeps the "all calls" board
 * (schedule 20 all day, group 254 all), as the board shows without a profile.
 */
export function effectiveScheduleSetting(
  profileSetting: ScheduleSetting | null,
  overrides: Pick<DisplayQuery, "weekday" | "weekend">,
  systemId: number,
): ScheduleSetting | null {
  if (!overrides.weekday && !overrides.weekend) return profileSetting;
  const result: ScheduleSetting = { ...(profileSetting ?? emptyDisplaySetting(systemId)) };
  for (const part of SCHEDULE_PARTS) {
    const override = overrides[part];
    if (override) {
      result[`${part}_schedule_id`] = override.scheduleId;
      for (const slot of GROUP_SLOTS) result[groupSlotField(part, slot)] = override.groups[slot - 1] ?? null;
    } else if (!profileSetting) {
      // No profile: the part the URL leaves out shows every call all day.
      result[`${part}_schedule_id`] = SCHEDULE_ALL_DAY;
      result[groupSlotField(part, 1)] = DISPLAY_GROUP_ALL;
    }
  }
  return result;
}

/** What the share link carries besides the parameters already in the URL. */
export interface ShareSettings {
  fullscreen: boolean;
  showVideoStream: boolean;
  locale: string;
  fontSize: string;
}

/**
 * spec: "A share link is built from fullscreen, show_video_stream, locale (only if not German)
 * and font_size (only if not normal)." The URL's other parameters (sections, schedules, ...) are
 * kept so the link opens the same board; the four effective values replace theirs.
 */
export function shareLinkQuery(current: Iterable<[string, string]>, settings: ShareSettings): string {
  const params = new URLSearchParams();
  const replaced = new Set(["fullscreen", "videostream", "locale", "fontsize"]);
  for (const [key, value] of current) if (!replaced.has(key)) params.append(key, value);
  if (settings.fullscreen) params.set("fullscreen", "1");
  if (settings.showVideoStream) params.set("videostream", "1");
  if (settings.locale !== "de" && (LOCALES as readonly string[]).includes(settings.locale)) params.set("locale", settings.locale);
  if (settings.fontSize !== "normal" && (FONT_SIZES as readonly string[]).includes(settings.fontSize)) params.set("fontsize", settings.fontSize);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}
