import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";
import { systemTreeNodeInputSchema } from "./system-tree-node-schema.ts";

const errorsOf = (mode: "create" | "update", input: unknown) => {
  const result = systemTreeNodeInputSchema(mode).safeParse(input);
  return result.success ? {} : Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, list]) => [field, list.map((e) => e.message)]));
};

describe("SystemTreeNodeInput (spec data §3.6, §5)", () => {
  it("create needs kind, parent and name", () => {
    expect(errorsOf("create", {})).toEqual({ kind: ["validation.required"], parent_id: ["validation.required"], name: ["validation.required"] });
    expect(errorsOf("create", { kind: "device", parent_id: 1, name: "Bett" })).toEqual({});
  });

  it("update takes any subset", () => {
    expect(errorsOf("update", {})).toEqual({});
    expect(errorsOf("update", { section_id: null, comment: null })).toEqual({});
  });

  it.each([
    [{ text_short: "KÜCHE" }, { text_short: ["validation.contains"] }],
    [{ text_short: "ZIMMER12" }, { text_short: ["validation.max_length"] }],
    [{ text_long: "Zimmer 101 Küche" }, { text_long: ["validation.contains"] }],
    [{ text_long: "ABCDEFGHIJKLMNOPQRST" }, { text_long: ["validation.max_length"] }],
    [{ text_short: "Z1\u0000" }, { text_short: ["validation.control_characters"] }],
    [{ name: "Zimmer\u0000" }, { name: ["validation.control_characters"] }],
    [{ kind: "castle" }, { kind: ["validation.one_option_required"] }],
    [{ mac: "nope" }, { mac: ["validation.format"] }],
    [{ day_sound_level: 11 }, { day_sound_level: ["validation.between"] }],
    [{ display_group_ids: [1, 2, 3, 4, 5, 6] }, { display_group_ids: ["validation.list_too_long"] }],
    [{ device_text_overrides: { button: "Tür" } }, { "device_text_overrides.button": ["validation.contains"] }],
    [{ bogus: 1 }, { _form: ["validation.unknown_field"] }],
  ])("%j → %j", (input, expected) => {
    expect(errorsOf("update", input)).toEqual(expected);
  });

  it('stores texts through the input filter (spec §5 "value uppercased and stripped")', () => {
    expect(
      systemTreeNodeInputSchema("update").parse({ text_short: "z1-b2", text_long: "zimmer 1 bett 2", device_text_overrides: { call_source: "ruf 1" } }),
    ).toEqual({
      text_short: "Z1-B2",
      text_long: "ZIMMER 1 BETT 2",
      device_text_overrides: { call_source: "RUF 1" },
    });
  });
});
