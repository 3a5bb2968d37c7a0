import { describe, expect, it } from "vitest";
import { FORM_ERROR_KEY } from "../validation.ts";
import { callSource } from "./call-source.ts";
import { callType } from "./call-type.ts";
import { checkpoint } from "./checkpoint.ts";
import { defineEntity, int, refs, text } from "./define.ts";
import { displayNote } from "./display-note.ts";
import { hub } from "./hub.ts";
import { mergeGroup } from "./merge-group.ts";
import { applyInputFilter } from "./schema.ts";
import { schedule } from "./schedule.ts";
import { section } from "./section.ts";
import { errorsOf, firstErrorsOf, parsed } from "./test-helpers.ts";
import { videoStream } from "./video-stream.ts";

/** Text rules no registry entity uses yet (reports, users, monitors will). */
const probe = defineEntity({
  name: "probe",
  plural: "probes",
  table: "probes",
  route: "probes",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "label",
  fields: {
    label: text({ max: 50, noComma: true }),
    code: text({ min: 3, max: 10 }),
    email: text({ max: 255, format: "email" }),
    emails: text({ max: 1000, format: "emails" }),
    criterion: text({ max: 10, format: "criterion" }),
    short: text({ max: 50, format: "short_text" }),
    threshold: int({ min: 0 }),
    ids: refs("probe", { max: 2 }),
  },
});

const CALL_SOURCE = { char: "A", number: 12, text: "ROOM 12" };
const HUB = { name: "Hub 1", ip: "192.168.1.10", username: "admin" };
const STREAM = { name: "Door", url: "https://cam.local/stream", trigger_start: [1] };

describe("entitySchema: spec §5 messages as { message, data } per field", () => {
  it.each([
    // spec: "required: {field} is needed."
    [
      "required",
      callSource,
      {},
      {
        char: { message: "validation.required", data: { field: "char" } },
        number: { message: "validation.required", data: { field: "number" } },
      },
    ],
    ["required: blank is empty", hub, { ...HUB, name: "   " }, { name: { message: "validation.required", data: { field: "name" } } }],
    ["required: null", callSource, { ...CALL_SOURCE, number: null }, { number: { message: "validation.required", data: { field: "number" } } }],
    [
      "required refs",
      videoStream,
      { ...STREAM, trigger_start: undefined },
      { trigger_start: { message: "validation.required", data: { field: "trigger_start" } } },
    ],
    [
      "required refs, empty: one_option_required",
      mergeGroup,
      { name: "Night", sections: [] },
      {
        sections: { message: "validation.one_option_required", data: { field: "sections", size: 1 } },
      },
    ],
    [
      "required parent field of a child entity",
      checkpoint,
      { number: 1 },
      {
        checkpoint_map_id: { message: "validation.required", data: { field: "checkpoint_map_id" } },
      },
    ],
    // spec: "between: must be between {min} and {max}. min: not less than {min}."
    ["between, below", callSource, { ...CALL_SOURCE, number: 0 }, { number: { message: "validation.between", data: { field: "number", min: 1, max: 9999 } } }],
    [
      "between, above",
      callSource,
      { ...CALL_SOURCE, number: 10000 },
      { number: { message: "validation.between", data: { field: "number", min: 1, max: 9999 } } },
    ],
    ["min", probe, { threshold: -1 }, { threshold: { message: "validation.min", data: { field: "threshold", min: 0 } } }],
    // spec: "numeric"
    ["numeric: a string", callSource, { ...CALL_SOURCE, number: "12" }, { number: { message: "validation.numeric", data: { field: "number" } } }],
    ["numeric: a fraction", callSource, { ...CALL_SOURCE, number: 1.5 }, { number: { message: "validation.numeric", data: { field: "number" } } }],
    // spec: "min_length / max_length: at least or at most {size} characters"
    ["min_length", probe, { code: "AB" }, { code: { message: "validation.min_length", data: { field: "code", size: 3 } } }],
    ["max_length", hub, { ...HUB, name: "x".repeat(51) }, { name: { message: "validation.max_length", data: { field: "name", size: 50 } } }],
    ["max length of a refs list", probe, { ids: [1, 2, 3] }, { ids: { message: "validation.list_too_long", data: { field: "ids", size: 2 } } }],
    // "Names refuse control characters (NUL, U+202E)"; NUL in any string is a VALIDATION error.
    ["NUL in a name", hub, { ...HUB, name: "Hub\u0000 1" }, { name: { message: "validation.control_characters", data: { field: "name" } } }],
    ["right-to-left override in a name", hub, { ...HUB, name: "Hub \u202E1" }, { name: { message: "validation.control_characters", data: { field: "name" } } }],
    [
      "an id list longer than ID_LIST_MAX",
      videoStream,
      { ...STREAM, trigger_stop: Array.from({ length: 1001 }, (_, i) => i + 1) },
      { trigger_stop: { message: "validation.list_too_long", data: { field: "trigger_stop", size: 1000 } } },
    ],
    // spec: "email (invalid address)" and "email (several, comma-separated)"
    ["email", probe, { email: "nurse@" }, { email: { message: "validation.email", data: { field: "email" } } }],
    ["emails: one bad", probe, { emails: "a@home.ch, b@" }, { emails: { message: "validation.email", data: { field: "emails" } } }],
    ["emails: trailing comma", probe, { emails: "a@home.ch," }, { emails: { message: "validation.email", data: { field: "emails" } } }],
    // spec: "ip (IPv4 only)"
    ["ip: IPv6", hub, { ...HUB, ip: "fe80::1" }, { ip: { message: "validation.ip", data: { field: "ip" } } }],
    ["ip: out of range", hub, { ...HUB, ip: "192.168.1.256" }, { ip: { message: "validation.ip", data: { field: "ip" } } }],
    ["ip: host name", hub, { ...HUB, ip: "hub.local" }, { ip: { message: "validation.ip", data: { field: "ip" } } }],
    // spec: "url (must start with http:// or https://)"
    ["url: other scheme", videoStream, { ...STREAM, url: "rtsp://cam.local" }, { url: { message: "validation.url", data: { field: "url", format: "url" } } }],
    ["url: no scheme", videoStream, { ...STREAM, url: "cam.local/stream" }, { url: { message: "validation.url", data: { field: "url", format: "url" } } }],
    // spec: "criterion must start with 0x, e.g. 0x6A"
    ["criterion", probe, { criterion: "6A" }, { criterion: { message: "validation.criterion", data: { field: "criterion", format: "criterion" } } }],
    // spec: "comma_not_allowed"
    ["comma_not_allowed", probe, { label: "Room 1, 2" }, { label: { message: "validation.comma_not_allowed", data: { field: "label" } } }],
    // spec: "Short text max 7 characters, no umlauts or special characters"
    ["short text: 8 characters", probe, { short: "ABCDEFGH" }, { short: { message: "validation.max_length", data: { field: "short", size: 7 } } }],
    ["short text: umlaut", probe, { short: "Büro" }, { short: { message: "validation.format", data: { field: "short", format: "short_text" } } }],
    ["short text: special character", probe, { short: "A&B" }, { short: { message: "validation.format", data: { field: "short", format: "short_text" } } }],
    // spec: "Long text max 19, no umlauts"
    [
      "long text: 20 characters",
      callSource,
      { ...CALL_SOURCE, text: "ROOM 12 BATHROOM LEFT".slice(0, 20) },
      {
        text: { message: "validation.max_length", data: { field: "text", size: 19 } },
      },
    ],
    [
      "long text: umlaut",
      callSource,
      { ...CALL_SOURCE, text: "Zimmer 3 Bad Süd" },
      { text: { message: "validation.format", data: { field: "text", format: "long_text" } } },
    ],
    // spec: "Input filter: ... value uppercased and stripped ..." before the length check
    [
      "input filter: only stripped characters",
      callSource,
      { ...CALL_SOURCE, char: "ä" },
      { char: { message: "validation.required", data: { field: "char" } } },
    ],
    ["input filter: two letters", callSource, { ...CALL_SOURCE, char: "ab" }, { char: { message: "validation.max_length", data: { field: "char", size: 1 } } }],
    // "HH:MM" times and YYYY-MM-DD dates
    [
      "time format",
      schedule,
      { name: "Day", time_1: "7.00", time_2: "19:00" },
      { time_1: { message: "validation.format", data: { field: "time_1", format: "HH:MM" } } },
    ],
    [
      "time: three digits after the colon",
      schedule,
      { name: "Day", time_1: "08:000", time_2: "19:00" },
      { time_1: { message: "validation.format", data: { field: "time_1", format: "HH:MM" } } },
    ],
    [
      "time without colon out of day",
      schedule,
      { name: "Day", time_1: "2400", time_2: "19:00" },
      { time_1: { message: "validation.format", data: { field: "time_1", format: "HH:MM" } } },
    ],
    [
      "time out of day",
      schedule,
      { name: "Day", time_1: "24:00", time_2: "19:00" },
      { time_1: { message: "validation.format", data: { field: "time_1", format: "HH:MM" } } },
    ],
    [
      "date: not a calendar day",
      displayNote,
      { title: "Visit", display_date: "2024-02-30" },
      { display_date: { message: "validation.format", data: { field: "display_date", format: "date" } } },
    ],
    [
      "date: Swiss notation",
      displayNote,
      { title: "Visit", display_date: "01.05.2024" },
      { display_date: { message: "validation.format", data: { field: "display_date", format: "date" } } },
    ],
    // 'A call type colour that is not a colour ("grün") ... must give a translated field error.'
    [
      "colour: a word",
      callType,
      { name: "Ruf", char: "R", color: "grün" },
      { color: { message: "validation.colour", data: { field: "color", format: "color" } } },
    ],
    [
      "colour: three digits",
      callType,
      { name: "Ruf", char: "R", color: "#0F0" },
      { color: { message: "validation.colour", data: { field: "color", format: "color" } } },
    ],
    // enums and refs
    ["enum: not an option", displayNote, { title: "Visit", color: "pink" }, { color: { message: "validation.one_option_required", data: { field: "color" } } }],
    [
      "ref: not an id",
      section,
      { name: "Ward A", connected_section_id: 0 },
      { connected_section_id: { message: "validation.invalid", data: { field: "connected_section_id" } } },
    ],
    ["refs: not ids", mergeGroup, { name: "Night", sections: [1, "2"] }, { sections: { message: "validation.invalid", data: { field: "sections" } } }],
    // spec: "Node selection: each element assigned once."
    ["refs: twice the same", mergeGroup, { name: "Night", sections: [1, 1] }, { sections: { message: "validation.duplicate", data: { field: "sections" } } }],
  ])("%s", (_label, entity, input, expected) => {
    expect(firstErrorsOf(entity, input)).toEqual(expected);
  });

  it.each([
    ["email", probe, { email: "nurse@home.ch" }],
    ["emails with spaces", probe, { emails: "a@home.ch, b@home.ch" }],
    ["criterion", probe, { criterion: "0x6A" }],
    ["short text", probe, { short: "AB-12/3" }],
    ["long text of 19", callSource, { ...CALL_SOURCE, text: "ROOM 12 BATHROOM LE" }],
    ["ipv4", hub, HUB],
    ["http url", videoStream, { ...STREAM, url: "http://10.0.0.5:8080/mjpeg" }],
    ["leap day", displayNote, { title: "Visit", display_date: "2024-02-29" }],
    ["empty optional values", probe, { label: "", code: "", email: "", emails: "", criterion: "", short: "" }],
  ])("accepts %s", (_label, entity, input) => {
    expect(errorsOf(entity, input)).toEqual({});
  });
});

describe("entitySchema: unknown fields", () => {
  it.each([
    ["a field the entity lacks", callSource, { ...CALL_SOURCE, color: "#FF0000" }, "color"],
    ["the implied id", callSource, { ...CALL_SOURCE, id: 4 }, "id"],
    ["a server-set field (form: false)", hub, { ...HUB, status: "Ready" }, "status"],
    ["sort_order of an entity that is not sortable", hub, { ...HUB, sort_order: 1 }, "sort_order"],
  ])("rejects %s", (_label, entity, input, key) => {
    expect(errorsOf(entity, input)).toEqual({
      [FORM_ERROR_KEY]: [{ message: "validation.unknown_field", data: { field: "", value: key } }],
    });
  });
});

describe("entitySchema: defaults and conversions", () => {
  it("applies the input filter and keeps the char uppercase", () => {
    expect(parsed(callSource, { ...CALL_SOURCE, char: " b " })).toMatchObject({ char: "B" });
  });

  it("fills sentinel defaults: schedule 255 none, display groups 255 none", () => {
    const value = parsed(section, { name: "Ward A" });
    expect(value).toMatchObject({ weekday_schedule_id: 255, weekend_schedule_id: 255, weekday_display_group_1_id: 255, weekend_display_group_5_id: 255 });
    expect(value).toMatchObject({ allow_manual_call_closure: false, is_hidden: false, connected_section_id: null });
  });

  it("accepts the sentinels 20 all day and 254 all, 253 section", () => {
    expect(errorsOf(section, { name: "Ward A", weekday_schedule_id: 20, weekday_display_group_1_id: 254, weekday_display_group_2_id: 253 })).toEqual({});
  });

  it("converts HH:MM to minutes since midnight and leaves unset steps null", () => {
    expect(parsed(schedule, { name: "Day", time_1: "07:00", time_2: "19:30" })).toEqual({
      name: "Day",
      time_1: 420,
      time_2: 1170,
      time_3: null,
      time_4: null,
      time_5: null,
      interval: 0,
    });
  });

  it("treats null as not given for optional fields", () => {
    expect(parsed(displayNote, { title: "Visit", text: null, color: null, display_date: null, display_from: null })).toEqual({
      title: "Visit",
      text: "",
      color: "yellow",
      active: true,
      display_date: "",
      display_from: null,
      display_until: null,
    });
  });

  it("takes sort_order for sortable entities", () => {
    expect(parsed(displayNote, { title: "Visit", sort_order: 3 })).toMatchObject({ sort_order: 3 });
  });

  it("keeps the parent field of a child entity although the form does not show it", () => {
    expect(parsed(checkpoint, { checkpoint_map_id: 2, number: 7 })).toMatchObject({ checkpoint_map_id: 2, diameter: 50, char: "" });
  });
});

describe("applyInputFilter", () => {
  // spec: "value uppercased and stripped of characters other than space-to-backslash range, dot, letters, digits"
  it.each([
    ["a", "A"],
    ["room 12", "ROOM 12"],
    ["zi.3-b/4", "ZI.3-B/4"],
    ["Büro", "BRO"],
    ["a_b{c}~", "ABC"],
    // "]" (0x5D) lies just past the backslash (0x5C)
    ["[x]\\", "[X\\"],
  ])("%s → %s", (input, expected) => {
    expect(applyInputFilter(input)).toBe(expected);
  });
});
