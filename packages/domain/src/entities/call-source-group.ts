import { defineEntity, int, oneOf, refs, text } from "./define.ts";
import { CALL_SOURCE_GROUP_FLAGS } from "./enums.ts";

/**
 * spec data §3.4 "Call source group: name, flag (None, Radio, Repeater, Tech, Wired),
 * related_callsources, timeout_minutes". Roles grant access per group (spec §6).
 */
export const callSourceGroup = defineEntity({
  name: "callSourceGroup",
  plural: "callSourceGroups",
  table: "call_source_groups",
  route: "callsourcegroups",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    flag: oneOf(CALL_SOURCE_GROUP_FLAGS, { default: "None", list: true }),
    related_callsources: refs("callSource"),
    // spec: "call source group timeout in minutes". 0 = no timeout, at most one day.
    timeout_minutes: int({ min: 0, max: 1440, default: 0, unit: "minutes", list: true }),
  },
});
