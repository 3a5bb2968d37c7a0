import { DISPLAY_GROUP_NONE, SCHEDULE_NONE } from "@caresuite/domain";

/**
 * Sections (one per station, plus Technik), schedules and display groups of the demo hospital.
 * A station's corridor display shows the station by day and both Haus A stations at night, when
 * one night nurse covers them.
 */

export const SCHEDULE_RECORDS: readonly Record<string, unknown>[] = [
  { id: 1, name: "Tag/Nacht", time_1: "07:00", time_2: "19:00", interval: 0 },
  { id: 2, name: "Schichtdienst", time_1: "06:00", time_2: "14:00", time_3: "22:00", interval: 0 },
  // A schedule needs two steps (spec "Schedule 2 to 5 steps"); both halves show the same group.
  { id: 3, name: "Ganztags", time_1: "00:00", time_2: "12:00", interval: 0 },
];

/** The weekday and weekend slots of a section: one schedule, its groups slot by slot. */
export function sectionSlots(scheduleId: number, groups: readonly number[]): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const period of ["weekday", "weekend"]) {
    fields[`${period}_schedule_id`] = scheduleId;
    for (let slot = 1; slot <= 5; slot++) fields[`${period}_display_group_${slot}_id`] = groups[slot - 1] ?? DISPLAY_GROUP_NONE;
  }
  return fields;
}

export const SECTION_RECORDS: readonly Record<string, unknown>[] = [
  { id: 1, name: "Station 1", connected_section_id: 2, allow_manual_call_closure: true, is_hidden: false, ...sectionSlots(1, [1, 5]) },
  { id: 2, name: "Station 2", connected_section_id: 1, allow_manual_call_closure: false, is_hidden: false, ...sectionSlots(1, [2, 5]) },
  { id: 3, name: "Station 3", connected_section_id: null, allow_manual_call_closure: true, is_hidden: false, ...sectionSlots(3, [3, 3]) },
  { id: 4, name: "Technik", connected_section_id: null, allow_manual_call_closure: false, is_hidden: true, ...sectionSlots(SCHEDULE_NONE, []) },
];

export const DISPLAY_GROUP_RECORDS: readonly Record<string, unknown>[] = [
  { id: 1, name: "Station 1", section_id: 1, call_type_id: null, rule_set: "" },
  { id: 2, name: "Station 2", section_id: 2, call_type_id: null, rule_set: "" },
  { id: 3, name: "Station 3", section_id: 3, call_type_id: null, rule_set: "" },
  { id: 4, name: "Notrufe alle Stationen", section_id: null, call_type_id: 2, rule_set: "" },
  { id: 5, name: "Nacht Haus A", section_id: null, call_type_id: null, rule_set: "" },
  { id: 6, name: "Technik", section_id: 4, call_type_id: 1, rule_set: "" },
];

/** Care calls a station display shows: everything but the technical alarm. */
const CARE_TYPES = [2, 3, 4, 5, 6, 7];

/** Which calls (section × call type) each display group shows. */
const CONNECTIONS: readonly { group: number; sections: readonly number[]; types: readonly number[] }[] = [
  { group: 1, sections: [1], types: CARE_TYPES },
  { group: 2, sections: [2], types: CARE_TYPES },
  { group: 3, sections: [3], types: CARE_TYPES },
  { group: 4, sections: [1, 2, 3], types: [2] },
  { group: 5, sections: [1, 2], types: [2, 3, 4, 5, 7] },
  { group: 6, sections: [1, 2, 3, 4], types: [1] },
];

export const DISPLAY_GROUP_CONNECTION_RECORDS: readonly Record<string, unknown>[] = CONNECTIONS.flatMap(({ group, sections, types }) =>
  sections.flatMap((section) => types.map((type) => ({ display_group_id: group, section_id: section, call_type_id: type }))),
).map((connection, index) => ({ id: index + 1, ...connection }));
