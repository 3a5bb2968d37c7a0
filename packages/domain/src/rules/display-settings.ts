import { DISPLAY_GROUPS_PER_SCHEDULE, SCHEDULE_ALL_DAY, SCHEDULE_NONE } from "../constants.ts";
import type { FontSize } from "../display-profile.ts";
import type { Locale } from "./locale.ts";

/**
 * Pure rules of the display settings drawer (spec screens "Display settings drawer"; data §3.5
 * "Display profile"; §4 sentinels).
 */

export type SchedulePart = "weekday" | "weekend";
export const SCHEDULE_PARTS: readonly SchedulePart[] = ["weekday", "weekend"];

/** The five group slots of a schedule part, 1-based as the field names. */
export const GROUP_SLOTS = [1, 2, 3, 4, 5] as const;
export type GroupSlot = (typeof GROUP_SLOTS)[number];
export type GroupSlotField = `${SchedulePart}_display_group_${GroupSlot}_id`;

/** One system's setting of a profile as the drawer edits it: every field present, empty = null. */
export type DisplaySettingDraft = {
  system_id: number;
  weekday_schedule_id: number | null;
  weekend_schedule_id: number | null;
} & { [slot in GroupSlotField]: number | null };

/** A display profile as the drawer edits it (data §3.5 without id and slug). */
export interface DisplayProfileDraft {
  name: string;
  font_size: FontSize;
  fullscreen: boolean;
  locale: Locale;
  show_presences: boolean;
  show_video_stream: boolean;
  show_calls_from_system: boolean;
  settings: DisplaySettingDraft[];
}

/** The field name of a group slot: `groupSlotField("weekend", 2)` → "weekend_display_group_2_id". */
export function groupSlotField(part: SchedulePart, slot: GroupSlot): GroupSlotField {
  return `${part}_display_group_${slot}_id`;
}

/** A system newly covered by a profile: no schedule, no groups. */
export function emptyDisplaySetting(systemId: number): DisplaySettingDraft {
  const setting = { system_id: systemId, weekday_schedule_id: null, weekend_schedule_id: null } as DisplaySettingDraft;
  for (const part of SCHEDULE_PARTS) for (const slot of GROUP_SLOTS) setting[groupSlotField(part, slot)] = null;
  return setting;
}

/** A setting as the API returns it (fields may be missing or undefined) with every field present. */
export function normaliseDisplaySetting(setting: { system_id: number } & Partial<Record<string, number | null | undefined>>): DisplaySettingDraft {
  const result = emptyDisplaySetting(setting.system_id);
  result.weekday_schedule_id = setting["weekday_schedule_id"] ?? null;
  result.weekend_schedule_id = setting["weekend_schedule_id"] ?? null;
  for (const part of SCHEDULE_PARTS)
    for (const slot of GROUP_SLOTS) {
      const value = setting[groupSlotField(part, slot)];
      // spec: "-1 meaning none" (query parameters); stored the same as an empty slot.
      result[groupSlotField(part, slot)] = value === undefined || value === null || value === -1 ? null : value;
    }
  return result;
}

/**
 * How many display group pickers a schedule part shows (0 to 5).
 *
 * spec §4: "Group pickers show only when a schedule other than 255 is chosen; slot pickers 2 to 5
 * show only if the schedule has more than 2, 3, 4, 5 times." Read literally, picker 5 would need
 * six times, which a schedule cannot have ("Schedule 2 to 5 steps"), against "up to five display
 * group pickers" and "5 display groups per schedule". A schedule of n times has n slots
 * (`activeScheduleSlot`), so picker n shows when the schedule has at least n times, i.e. more
 * than n − 1. Schedule 20 (all day) has one slot; a schedule the system no longer has shows the
 * first picker only, so its value can still be seen and changed.
 */
export function visibleGroupPickers(scheduleId: number | null | undefined, schedules: readonly { id: number; times: readonly unknown[] }[]): number {
  if (scheduleId === null || scheduleId === undefined || scheduleId === SCHEDULE_NONE) return 0;
  if (scheduleId === SCHEDULE_ALL_DAY) return 1;
  const schedule = schedules.find((s) => s.id === scheduleId);
  if (!schedule) return 1;
  return Math.min(DISPLAY_GROUPS_PER_SCHEDULE, Math.max(1, schedule.times.length));
}

/**
 * Chooses a part's schedule. Slots the new schedule has no picker for are emptied, so a saved
 * profile never holds groups nobody can see (they would still count for "last configured group").
 */
export function withSchedule(
  setting: DisplaySettingDraft,
  part: SchedulePart,
  scheduleId: number | null,
  schedules: readonly { id: number; times: readonly unknown[] }[],
): DisplaySettingDraft {
  const next: DisplaySettingDraft = { ...setting, [`${part}_schedule_id`]: scheduleId };
  const visible = visibleGroupPickers(scheduleId, schedules);
  for (const slot of GROUP_SLOTS) if (slot > visible) next[groupSlotField(part, slot)] = null;
  return next;
}

function sameSetting(a: DisplaySettingDraft, b: DisplaySettingDraft): boolean {
  const left = normaliseDisplaySetting(a);
  const right = normaliseDisplaySetting(b);
  return (Object.keys(left) as (keyof DisplaySettingDraft)[]).every((key) => left[key] === right[key]);
}

/**
 * spec: "Unsaved edits set a flag." Whether the draft differs from the saved profile. Names are
 * compared trimmed (the server trims them); settings by system, in any order.
 */
export function isDisplayProfileDirty(saved: DisplayProfileDraft, draft: DisplayProfileDraft): boolean {
  const plain: (keyof Omit<DisplayProfileDraft, "name" | "settings">)[] = [
    "font_size",
    "fullscreen",
    "locale",
    "show_presences",
    "show_video_stream",
    "show_calls_from_system",
  ];
  if (saved.name.trim() !== draft.name.trim()) return true;
  if (plain.some((key) => saved[key] !== draft[key])) return true;
  if (saved.settings.length !== draft.settings.length) return true;
  return saved.settings.some((setting) => {
    const other = draft.settings.find((s) => s.system_id === setting.system_id);
    return !other || !sameSetting(setting, other);
  });
}

/**
 * spec: "the Save button shows only with a selected profile, changes and
 * display.manage_display_profiles."
 */
export function saveButtonVisible(input: { profileSelected: boolean; dirty: boolean; canManage: boolean }): boolean {
  return input.profileSelected && input.dirty && input.canManage;
}

/**
 * spec: "Shows the page URL (with a warning when it contains localhost or 127.0.0)": such an
 * address does not reach this server from the wall screen it is meant for.
 */
export function pageUrlNeedsWarning(url: string): boolean {
  const lower = url.toLowerCase();
  return lower.includes("localhost") || lower.includes("127.0.0");
}
