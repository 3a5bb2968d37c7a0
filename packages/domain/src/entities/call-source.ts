import { defineEntity, int, text } from "./define.ts";

/**
 * spec data §3.4 "Call source (profile): id, char, number, text". A call source is addressed by
 * char and number (e.g. "A 12"); the text names it on device displays.
 */
export const callSource = defineEntity({
  name: "callSource",
  plural: "callSources",
  table: "call_sources",
  route: "callsources",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "text",
  defaultSort: { field: "number", direction: "asc" },
  // spec: "duplicate: a record with same values exists": one call source per char and number.
  uniqueTogether: [["char", "number"]],
  fields: {
    // spec: "Input filter: ... value uppercased and stripped ..."
    char: text({ required: true, max: 1, filter: "upper", list: true }),
    number: int({ required: true, min: 1, max: 9999, list: true, search: true }),
    // spec: "Long text max 19, no umlauts". May be empty only with the global setting
    // allow_empty_call_source_names, which the server checks (the schema cannot see settings).
    text: text({ max: 19, format: "long_text", list: true, search: true, requiredUnless: "allow_empty_call_source_names" }),
  },
});
