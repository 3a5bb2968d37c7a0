import { bool, defineEntity, oneOf, text, time } from "./define.ts";
import { POST_IT_COLOURS } from "./enums.ts";
import { startBeforeEnd } from "./entity-rules.ts";

/**
 * spec data §3.4 "Post-it / display note: id, title, text, color, active, display_date,
 * display_from, display_until, sort_order". Shown on the displays, which serve every system:
 * not system-scoped. With a date the note shows that day only, else every day; from/until bound
 * the time of day.
 */
export const displayNote = defineEntity({
  name: "displayNote",
  plural: "displayNotes",
  table: "display_notes",
  route: "displaynotes",
  systemScoped: false,
  permission: "admin::manage_display_notes",
  sortable: true,
  displayField: "title",
  fields: {
    title: text({ required: true, max: 50, list: true, search: true }),
    text: text({ max: 500, multiline: true, search: true }),
    // spec: "Post-it colours: blue, green, red, yellow"; yellow like a paper post-it.
    color: oneOf(POST_IT_COLOURS, { default: "yellow", list: true }),
    active: bool({ default: true, list: true }),
    display_date: text({ max: 10, format: "date", list: true }),
    display_from: time({ list: true }),
    display_until: time({ list: true }),
  },
  // spec: "date_after: start date must be before end date"
  rules: [startBeforeEnd("display_from", "display_until")],
});
