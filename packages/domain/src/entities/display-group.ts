import { DISPLAY_GROUP_SECTION } from "../constants.ts";
import { defineEntity, ref, text } from "./define.ts";

/**
 * spec data §3.5 "Display group: id, name, call_type_id, section_id, rule_set, connections (id,
 * section_id, call_type_id)". The connections have ids of their own, so they are child records:
 * displayGroupConnection (display-group-connection.ts), edited inside this form.
 * Reserved ids 255 none, 254 all, 253 section: DISPLAY_GROUP_* in constants.ts.
 */
export const displayGroup = defineEntity({
  name: "displayGroup",
  plural: "displayGroups",
  table: "display_groups",
  route: "displaygroups",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  idLimit: DISPLAY_GROUP_SECTION - 1,
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    call_type_id: ref("callType", { list: true }),
    section_id: ref("section", { list: true }),
    // spec is silent on the rule set's grammar: stored and edited as text.
    rule_set: text({ max: 255, multiline: true }),
  },
});
