import { describe, expect, it } from "vitest";
import {
  canChangeAnything,
  changedNodeInput,
  copyNodeValues,
  emptyNodeValues,
  filterNodeText,
  inputFieldOf,
  isFieldReadOnly,
  isInherited,
  nodeToValues,
  valuesToNodeInput,
  withFilteredTexts,
  type NodeRecord,
} from "./node-form-values";

const room: NodeRecord = {
  id: 23,
  name: "Zimmer 101",
  number: 101,
  kind: "room",
  parent_id: 4,
  is_enabled: true,
  text_short: "Z101",
  text_long: "ZIMMER 101",
  inherit_text_short: false,
  inherit_text_long: false,
  section_id: 2,
  inherit_section: true,
  call_source_id: null,
  day_sound_level: 5,
  night_sound_level: null,
  disable_buzzer_at_night: true,
  mask_time_at_night: false,
  display_time: null,
  show_calls_without_presence: false,
  use_activity_control: false,
  deny_manual_call_closure: true,
  is_linkable: false,
  linked_system_tree_node_id: null,
  serial: "A1B2",
  mac: null,
  is_tech: false,
  radio: true,
  callback_number: null,
  position: "",
  comment: "Fenster",
  device_text_overrides: { call_source: "RUF", checkpoint: null, button: null },
  schedule_id: 255,
  display_group_ids: [3, 4],
  flight_profile_id: null,
  inherit_flight_profile: false,
};

describe("node form values (spec data §3.6)", () => {
  it("maps a node to form values: empty numbers and texts for nulls, the device texts as three inputs", () => {
    const values = nodeToValues(room);
    expect(values).toMatchObject({
      name: "Zimmer 101",
      number: 101,
      night_sound_level: "",
      display_time: "",
      mac: "",
      callback_number: "",
      device_text_call_source: "RUF",
      device_text_checkpoint: "",
      display_group_ids: [3, 4],
    });
  });

  it("maps values back to the API input: nulls for empty numbers and optional texts, one device_text_overrides object", () => {
    const input = valuesToNodeInput(nodeToValues(room));
    expect(input).toMatchObject({
      number: 101,
      night_sound_level: null,
      mac: null,
      position: null,
      comment: "Fenster",
      device_text_overrides: { call_source: "RUF", checkpoint: null, button: null },
      display_group_ids: [3, 4],
    });
  });

  it("a round trip changes nothing, so an unchanged save sends nothing", () => {
    const values = nodeToValues(room);
    const editable = new Set(Object.keys(valuesToNodeInput(values)));
    expect(changedNodeInput(values, nodeToValues(room), editable)).toEqual({});
  });

  it("an update sends only changed fields the user may change (partial updates never reset omitted fields)", () => {
    const baseline = nodeToValues(room);
    const values = { ...baseline, text_long: "ZIMMER 102", comment: "Tür", device_text_button: "KNOPF" };
    const editable = new Set(["text_long", "device_text_overrides"]);
    expect(changedNodeInput(values, baseline, editable)).toEqual({
      text_long: "ZIMMER 102",
      device_text_overrides: { call_source: "RUF", checkpoint: null, button: "KNOPF" },
    });
  });

  it("a new node below a parent inherits its section by default", () => {
    expect(emptyNodeValues(4)).toMatchObject({ parent_id: 4, inherit_section: true, kind: "room" });
    expect(emptyNodeValues()).toMatchObject({ parent_id: null, inherit_section: false });
  });

  it('copying keeps the configuration but not the hardware identity (spec "Copying resets id to -1")', () => {
    const copy = copyNodeValues(nodeToValues(room), (name) => `${name} (Kopie)`);
    expect(copy).toMatchObject({ name: "Zimmer 101 (Kopie)", serial: "", mac: "", text_long: "ZIMMER 101", section_id: 2 });
  });
});

describe('input filter (spec data §5: "uppercased and stripped of characters other than space-to-backslash range, dot, letters, digits")', () => {
  it.each([
    ["zimmer 1", "ZIMMER 1"],
    ["bad_2", "BAD2"],
    ["a{b}c~", "ABC"],
    ["flur-ost/1", "FLUR-OST/1"],
    // Umlauts stay (uppercased) so that the schema rejects them with its message instead of
    // the filter dropping a letter unnoticed: spec "no umlauts".
    ["büro", "BÜRO"],
  ])("%s → %s", (input, expected) => {
    expect(filterNodeText(input)).toBe(expected);
  });

  it("filters every display text of the form and nothing else", () => {
    const values = withFilteredTexts({ ...nodeToValues(room), text_short: "z1_", device_text_checkpoint: "tür", comment: "lower_case" });
    expect(values.text_short).toBe("Z1");
    expect(values.device_text_checkpoint).toBe("TÜR");
    expect(values.comment).toBe("lower_case");
  });
});

describe('read-only fields (spec §6 "field-level: not-allowed fields are read-only")', () => {
  const access = { editableFields: ["text_long", "text_short", "device_text_overrides"], canEdit: true };

  it.each([
    ["text_long", false],
    ["device_text_button", false],
    ["name", true],
    ["serial", true],
    ["section_id", true],
  ] as const)("%s read-only: %s", (field, readOnly) => {
    expect(isFieldReadOnly(field, access)).toBe(readOnly);
  });

  it('everything is read-only while editing is blocked (spec data §5 "Editing is blocked for elements with open calls, ...")', () => {
    expect(isFieldReadOnly("text_long", { ...access, canEdit: false })).toBe(true);
    expect(canChangeAnything({ ...access, canEdit: false })).toBe(false);
  });

  it("a user with no editable field cannot change anything (the form hides Save)", () => {
    expect(canChangeAnything({ editableFields: [], canEdit: true })).toBe(false);
    expect(canChangeAnything(access)).toBe(true);
  });

  it("a field whose inherit switch is on takes its value from above, not from its input", () => {
    const values = { ...nodeToValues(room), inherit_section: true, inherit_text_long: false };
    expect(isInherited("section_id", values)).toBe(true);
    expect(isInherited("text_long", values)).toBe(false);
    expect(isInherited("name", values)).toBe(false);
  });

  it("the device texts are one input field", () => {
    expect(inputFieldOf("device_text_checkpoint")).toBe("device_text_overrides");
    expect(inputFieldOf("name")).toBe("name");
  });
});
