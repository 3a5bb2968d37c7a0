import { buttonFunction } from "./button.ts";
import { defineEntity, int, ref, refs } from "./define.ts";
import { notSame } from "./entity-rules.ts";

/**
 * spec data §3.4 "Indicator: number, call_source_id, call_types, fn_a, fn_b,
 * linked_call_source_id". The spec lists no indicator functions; fn_a/fn_b take the 12 button
 * functions of §3.1, the product's only function list.
 */
export const indicator = defineEntity({
  name: "indicator",
  plural: "indicators",
  table: "indicators",
  route: "indicators",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "number",
  defaultSort: { field: "number", direction: "asc" },
  fields: {
    number: int({ required: true, min: 1, max: 9999, list: true, search: true, unique: true }),
    call_source_id: ref("callSource", { list: true }),
    // The call types the indicator lights up for.
    call_types: refs("callType", { list: true }),
    fn_a: buttonFunction(),
    fn_b: buttonFunction(),
    linked_call_source_id: ref("callSource"),
  },
  // spec "cannot_be_same": an indicator is not linked to its own call source.
  rules: [notSame("call_source_id", "linked_call_source_id")],
});
