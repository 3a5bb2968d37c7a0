import { SCHEDULE_ALL_DAY } from "../constants.ts";
import { defineEntity, int, text, time } from "./define.ts";
import { ascendingSteps } from "./entity-rules.ts";

/** The step fields in order; spec: "Schedule: id, name, time_1..time_5, interval". */
export const SCHEDULE_STEP_FIELDS = ["time_1", "time_2", "time_3", "time_4", "time_5"] as const;

/**
 * spec data §3.5 "Schedule". Times are "HH:MM" in, minutes since midnight stored. The sentinel
 * ids (255 none, 20 all day: SCHEDULE_NONE, SCHEDULE_ALL_DAY in constants.ts) are not records.
 */
export const schedule = defineEntity({
  name: "schedule",
  plural: "schedules",
  table: "schedules",
  route: "schedules",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  // spec §8: "Max reached for ... schedules". Ids below the reserved "all day" id 20 are free: 19.
  maxCount: SCHEDULE_ALL_DAY - 1,
  idLimit: SCHEDULE_ALL_DAY - 1,
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // spec: "Schedule: two to five steps, times ascending": the first two are needed.
    time_1: time({ required: true, list: true }),
    time_2: time({ required: true, list: true }),
    time_3: time({ list: true }),
    time_4: time({ list: true }),
    time_5: time({ list: true }),
    // spec names "interval" and the error "invalid schedule interval" only. Ours: the repeat
    // interval in minutes the configurator applies, 0 = none (one day), at most one day.
    interval: int({ min: 0, max: 1440, default: 0, unit: "minutes" }),
  },
  // spec: "time_overlap: time must be later than the previous"
  rules: [ascendingSteps(SCHEDULE_STEP_FIELDS)],
});
