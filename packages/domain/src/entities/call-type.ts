import { bool, defineEntity, oneOf, text } from "./define.ts";
import { CALL_TYPE_FLAGS, INDICATION_TYPES, LED_COLOURS, URGENCIES } from "./enums.ts";

/** spec data §3.4 "Call type". Calls are ordered by urgency, then sort_order (default 999). */
export const callType = defineEntity({
  name: "callType",
  plural: "callTypes",
  table: "call_types",
  route: "calltypes",
  systemScoped: true,
  permission: "admin::manage_system",
  sortable: true,
  displayField: "name",
  // spec §8: "Max reached for call types".
  maxCount: 250,
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    char: text({ required: true, max: 1, filter: "upper", list: true }),
    color: text({ required: true, max: 7, format: "color", list: true, default: "#E03131" }),
    urgency: oneOf(URGENCIES, { default: "NORMAL", list: true }),
    flag: oneOf(CALL_TYPE_FLAGS, { default: "None", list: true }),
    text: text({ max: 19, format: "long_text", search: true }),
    indication_type: oneOf(INDICATION_TYPES, { default: "steady" }),
    led_primary_color: oneOf(LED_COLOURS, { default: "red" }),
    led_secondary_color: oneOf(LED_COLOURS, { default: "inactive" }),
    fullscreen: bool(),
    hide_lower_priority: bool(),
    monitor_own_calls: bool(),
    normal_beep_15_sec: bool(),
    permanent_display_area: bool(),
  },
});
