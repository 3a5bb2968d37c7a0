import { DISPLAY_GROUP_ALL, DISPLAY_GROUP_NONE, DISPLAY_GROUP_SECTION, DISPLAY_GROUPS_PER_SCHEDULE, SCHEDULE_ALL_DAY, SCHEDULE_NONE } from "../constants.ts";
import { ref } from "./define.ts";
import type { RefField } from "./define.ts";

/**
 * The weekday/weekend schedule and display-group slots that sections (and later display profiles
 * and app user groups, spec §3.5/§3.7) carry. Defined once here; the ids are in constants.ts.
 */

/** spec: "Sentinels: schedule 255 = none, 20 = all day". Labels are i18n keys under `sentinels.`. */
export const SCHEDULE_SENTINELS = [
  { id: SCHEDULE_NONE, label: "schedule_none" },
  { id: SCHEDULE_ALL_DAY, label: "schedule_all_day" },
] as const;

/** spec: "display group 255 = none, 254 = all, 253 = section". */
export const DISPLAY_GROUP_SENTINELS = [
  { id: DISPLAY_GROUP_NONE, label: "display_group_none" },
  { id: DISPLAY_GROUP_ALL, label: "display_group_all" },
  { id: DISPLAY_GROUP_SECTION, label: "display_group_section" },
] as const;

/** spec: "weekend schedule and groups apply then, otherwise weekday ones". */
export const SCHEDULE_PERIODS = ["weekday", "weekend"] as const;
type Period = (typeof SCHEDULE_PERIODS)[number];
/** One slot per schedule step; spec: "5 display groups per schedule" (DISPLAY_GROUPS_PER_SCHEDULE). */
type Slot = 1 | 2 | 3 | 4 | 5;

/** The field names: `weekday_schedule_id`, `weekday_display_group_1_id` … `weekend_display_group_5_id`. */
export type ScheduleSlotFieldName = `${Period}_schedule_id` | `${Period}_display_group_${Slot}_id`;

/** The display-group field of a period's slot (1-based). */
export function displayGroupSlotField(period: Period, slot: number): string {
  return `${period}_display_group_${slot}_id`;
}

/**
 * The 12 slot fields. Every one defaults to its "none" sentinel (255): spec "Group pickers show
 * only when a schedule other than 255 is chosen; slot pickers 2 to 5 show only if the schedule
 * has more than 2, 3, 4, 5 times" (the form hides them; the values are kept).
 */
export function scheduleSlotFields(): Record<ScheduleSlotFieldName, RefField> {
  const fields = new Map<string, RefField>();
  for (const period of SCHEDULE_PERIODS) {
    fields.set(`${period}_schedule_id`, ref("schedule", { sentinels: SCHEDULE_SENTINELS, default: SCHEDULE_NONE }));
    for (let slot = 1; slot <= DISPLAY_GROUPS_PER_SCHEDULE; slot++) {
      fields.set(displayGroupSlotField(period, slot), ref("displayGroup", { sentinels: DISPLAY_GROUP_SENTINELS, default: DISPLAY_GROUP_NONE }));
    }
  }
  return Object.fromEntries(fields) as Record<ScheduleSlotFieldName, RefField>;
}
