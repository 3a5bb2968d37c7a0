import { bool, defineEntity, int, ref, text } from "./define.ts";
import { scheduleSlotFields } from "./schedule-slots.ts";

/**
 * spec data §3.5 "Section: id, name, connected_section_id, allow_manual_call_closure,
 * has_display_group_override, is_hidden, active_display_group_override_id, weekday and weekend
 * schedule ids and display_group_1..5 ids". The override fields are set by the server from the
 * display group overrides of the tree (/tree/displaygroupoverrides), never by this form.
 */
export const section = defineEntity({
  name: "section",
  plural: "sections",
  table: "sections",
  route: "sections",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // A section whose calls also show here (e.g. the night shift covering two wards).
    connected_section_id: ref("section", { list: true }),
    // spec: "allowed if the section allows manual closure and the user is logged in". Off by
    // default: closing at the device is the safe default in care.
    allow_manual_call_closure: bool({ list: true }),
    is_hidden: bool({ list: true }),
    ...scheduleSlotFields(),
    // Set by the server whenever an override of the section changes (docs/decisions/022): an int,
    // not a ref, so that deleting the override is not "in use" by its own section.
    has_display_group_override: bool({ form: false }),
    active_display_group_override_id: int({ form: false }),
  },
});
