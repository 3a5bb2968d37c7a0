import { describe, expect, it } from "vitest";
import { callSource } from "./call-source.ts";
import { callType } from "./call-type.ts";
import { isFieldRequired, missingSettingRequiredFields } from "./required-fields.ts";

// 'Call source "Text" is required by the server but not marked in the form. Every field
// the server requires shows as required.' spec data §3.2: allow_empty_call_source_names.
describe("isFieldRequired", () => {
  const allowEmpty = { allow_empty_call_source_names: true };
  const needName = { allow_empty_call_source_names: false };
  it.each([
    ["call source text, settings not known yet (defaults)", callSource.fields.text, null, true],
    ["call source text, empty names not allowed", callSource.fields.text, needName, true],
    ["call source text, empty names allowed", callSource.fields.text, allowEmpty, false],
    ["call source char (always required)", callSource.fields.char, allowEmpty, true],
    ["call type text (never required)", callType.fields.text, needName, false],
  ])("%s", (_label, field, settings, expected) => {
    expect(isFieldRequired(field, settings)).toBe(expected);
  });
});

describe("missingSettingRequiredFields", () => {
  it.each([
    ["empty text", { char: "A", number: 1, text: "" }, false, ["text"]],
    ["spaces only", { char: "A", number: 1, text: "  " }, false, ["text"]],
    ["no text at all", { char: "A", number: 1 }, false, ["text"]],
    ["a text", { char: "A", number: 1, text: "ROOM 1" }, false, []],
    ["empty text, empty names allowed", { char: "A", number: 1, text: "" }, true, []],
  ])("%s", (_label, input, allowEmpty, expected) => {
    expect(missingSettingRequiredFields(callSource, input, { allow_empty_call_source_names: allowEmpty })).toEqual(expected);
  });
});
