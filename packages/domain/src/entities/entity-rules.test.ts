import { describe, expect, it } from "vitest";
import { alertChannel } from "./alert-channel.ts";
import { button } from "./button.ts";
import { displayNote } from "./display-note.ts";
import { indicator } from "./indicator.ts";
import { schedule } from "./schedule.ts";
import { errorsOf, firstErrorsOf } from "./test-helpers.ts";
import { videoStream } from "./video-stream.ts";

const overlap = (field: string) => ({ [field]: [{ message: "validation.time_overlap", data: { field } }] });
const needed = (field: string) => ({ [field]: [{ message: "validation.required", data: { field } }] });

describe('schedule: spec "Schedule: two to five steps, times ascending"', () => {
  const times = (...values: (string | null)[]) => Object.fromEntries(values.map((value, index) => [`time_${index + 1}`, value]));

  it.each([
    ["two steps", times("07:00", "19:00"), {}],
    ["five ascending steps", times("06:00", "09:00", "12:00", "18:00", "22:00"), {}],
    ["steps as minutes", { time_1: 420, time_2: 1140 }, {}],
    // spec: "two to five steps"
    ["one step", times("07:00"), needed("time_2")],
    ["no step", {}, { ...needed("time_1"), ...needed("time_2") }],
    // spec: "time_overlap: time must be later than the previous"
    ["equal to the previous", times("07:00", "07:00"), overlap("time_2")],
    ["earlier than the previous", times("07:00", "19:00", "12:00"), overlap("time_3")],
    ["each out-of-order step", times("08:00", "07:00", "06:00"), { ...overlap("time_2"), ...overlap("time_3") }],
    ["midnight after evening", times("19:00", "00:00"), overlap("time_2")],
    // Steps fill from the first: a gap before a later time is needed.
    ["a gap", times("07:00", "12:00", null, "19:00"), needed("time_3")],
    ["a gap given as empty string", times("07:00", "12:00", "", "19:00"), needed("time_3")],
  ])("%s", (_label, steps, expected) => {
    expect(errorsOf(schedule, { name: "Day", ...steps })).toEqual(expected);
  });

  it("reports a bad step by its format and still checks the others against the steps before", () => {
    expect(firstErrorsOf(schedule, { name: "", ...times("07:00", "7 pm", "06:00") })).toEqual({
      name: { message: "validation.required", data: { field: "name" } },
      time_2: { message: "validation.format", data: { field: "time_2", format: "HH:MM" } },
      time_3: { message: "validation.time_overlap", data: { field: "time_3" } },
    });
  });

  it("reports a needed step once", () => {
    expect(errorsOf(schedule, { name: "Day", ...times("07:00", null, "19:00") })).toEqual(needed("time_2"));
  });
});

describe('display note: spec "date_after: start date must be before end date"', () => {
  const afterError = { display_until: [{ message: "validation.date_after", data: { field: "display_until" } }] };
  it.each([
    ["from before until", { display_from: "08:00", display_until: "17:00" }, {}],
    ["only from", { display_from: "08:00" }, {}],
    ["only until", { display_until: "17:00" }, {}],
    ["until before from", { display_from: "17:00", display_until: "08:00" }, afterError],
    ["until equal to from", { display_from: "08:00", display_until: "08:00" }, afterError],
  ])("%s", (_label, window, expected) => {
    expect(errorsOf(displayNote, { title: "Visit", display_date: "2024-05-01", ...window })).toEqual(expected);
  });

  it("reports the rule together with other fields' messages", () => {
    expect(Object.keys(errorsOf(displayNote, { title: "", display_from: "17:00", display_until: "08:00" }))).toEqual(["title", "display_until"]);
  });
});

describe('spec "cannot_be_same"', () => {
  const same = (field: string) => ({ [field]: [{ message: "validation.cannot_be_same", data: { field } }] });
  it.each([
    [
      "a stream started and stopped by one call type",
      videoStream,
      { name: "Door", url: "https://cam", trigger_start: [1, 2], trigger_stop: [2] },
      same("trigger_stop"),
    ],
    ["a stream with distinct triggers", videoStream, { name: "Door", url: "https://cam", trigger_start: [1, 2], trigger_stop: [3] }, {}],
    ["an indicator linked to its own call source", indicator, { number: 1, call_source_id: 4, linked_call_source_id: 4 }, same("linked_call_source_id")],
    ["an indicator linked to another call source", indicator, { number: 1, call_source_id: 4, linked_call_source_id: 5 }, {}],
    ["a button whose presence is its call", button, { number: 1, call_type_id: 2, call_type_presence_id: 2 }, same("call_type_presence_id")],
    ["a button without call types", button, { number: 1 }, {}],
  ])("%s", (_label, entity, input, expected) => {
    expect(errorsOf(entity, input)).toEqual(expected);
  });
});

describe("alert channel: outbound delivery needs a url", () => {
  it.each([
    ["enabled without url", { outbound_enabled: true }, needed("outbound_url")],
    ["enabled with url", { outbound_enabled: true, outbound_url: "https://gateway.example/hook" }, {}],
    ["disabled without url", { outbound_enabled: false }, {}],
    // spec: "url (must start with http:// or https://)": the field's own message, once
    [
      "enabled with a bad url",
      { outbound_enabled: true, outbound_url: "gateway" },
      {
        outbound_url: [{ message: "validation.url", data: { field: "outbound_url", format: "url" } }],
      },
    ],
  ])("%s", (_label, input, expected) => {
    expect(errorsOf(alertChannel, { name: "Care", ...input })).toEqual(expected);
  });
});
