import { defineEntity, int, oneOf, ref } from "./define.ts";
import type { EnumField } from "./define.ts";
import { BUTTON_FUNCTIONS, BUTTON_TYPES } from "./enums.ts";
import { notSame } from "./entity-rules.ts";

/** One function slot (fn_a, fn_b, …) of a button or indicator; one label list for all of them. */
export const buttonFunction = (): EnumField => oneOf(BUTTON_FUNCTIONS, { default: "inactive", labels: "enums.buttonFunction" });

/**
 * spec data §3.4 "Button: button_type, call_source_id, call_source_number, call_type_id,
 * call_type_presence_id, display_group_id, fn_a, fn_b, fn_c, number".
 */
export const button = defineEntity({
  name: "button",
  plural: "buttons",
  table: "buttons",
  route: "buttons",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "number",
  defaultSort: { field: "number", direction: "asc" },
  fields: {
    number: int({ required: true, min: 1, max: 9999, list: true, search: true, unique: true }),
    // spec: "Button types: inactive, impulse, come-and-go, open-close".
    button_type: oneOf(BUTTON_TYPES, { default: "inactive", list: true }),
    call_source_id: ref("callSource", { list: true }),
    call_source_number: int({ min: 1, max: 9999 }),
    call_type_id: ref("callType", { list: true }),
    call_type_presence_id: ref("callType"),
    display_group_id: ref("displayGroup"),
    fn_a: buttonFunction(),
    fn_b: buttonFunction(),
    fn_c: buttonFunction(),
  },
  // spec "cannot_be_same": the presence a button sets is not the call it raises.
  rules: [notSame("call_type_id", "call_type_presence_id")],
});
