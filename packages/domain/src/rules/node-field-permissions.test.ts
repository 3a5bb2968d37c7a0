import { describe, expect, it } from "vitest";
import { SYSTEM_TREE_NODE_INPUT_FIELDS } from "../system-tree-node-schema.ts";
import {
  NODE_FIELD_CODES,
  canCreateOrDeleteNode,
  canSeeNode,
  editableFields,
  forbiddenFields,
  nodeAccessLevel,
  nodeClass,
  type ClassifiedNode,
  type NodeUser,
} from "./node-field-permissions.ts";

const user = (write: string[], read: string[] = []): NodeUser => ({
  is_superuser: false,
  permissions: [...new Set([...read, ...write])],
  write_permissions: write,
});
const superuser: NodeUser = { is_superuser: true, permissions: [], write_permissions: [] };

const radioBed: ClassifiedNode = { kind: "device", is_tech: false, radio: true };
const wiredBed: ClassifiedNode = { kind: "device", is_tech: false, radio: false };
const techDevice: ClassifiedNode = { kind: "device", is_tech: true, radio: true };
const room: ClassifiedNode = { kind: "room", is_tech: false, radio: false };

describe("node class: which family of systemtree codes applies", () => {
  it.each([
    [radioBed, "radio"],
    [wiredBed, "wired"],
    [{ kind: "person", is_tech: false, radio: false }, "wired"],
    [techDevice, "tech"],
    [{ kind: "tech", is_tech: false, radio: false }, "tech"],
    [room, "structure"],
    [{ kind: "floor", is_tech: false, radio: false }, "structure"],
    [{ kind: "person", is_tech: false, radio: true }, "radio"],
  ] as const)("%j is %s", (node, expected) => {
    expect(nodeClass(node)).toBe(expected);
  });
});

describe("spec §6 systemtree::change_* codes gate the node form's fields", () => {
  it.each([
    ["systemtree::change_gets_attributes", ["kind", "name", "number", "text_long", "text_short", "call_source_id", "callback_number", "comment"]],
    ["systemtree::change_sections", ["section_id", "inherit_section"]],
    ["systemtree::change_sound_levels", ["day_sound_level", "night_sound_level", "disable_buzzer_at_night"]],
    ["systemtree::change_parents", ["parent_id"]],
    ["systemtree::change_device_serials", ["serial", "mac"]],
    ["systemtree::change_flight_profiles", ["flight_profile_id", "inherit_flight_profile"]],
    ["systemtree::change_linked_devices", ["linked_system_tree_node_id", "is_linkable"]],
    ["systemtree::change_activity_control", ["use_activity_control"]],
    ["systemtree::enable_activity_control", ["use_activity_control"]],
  ])("%s opens %j on a radio device", (code, fields) => {
    const editable = editableFields(user([code]), radioBed, "Full");
    for (const field of fields) expect(editable).toContain(field);
    // ... and only the fields of that code.
    for (const field of editable) expect(fields.includes(field) || NODE_FIELD_CODES[field] === code).toBe(true);
  });

  it("a user with only systemtree::use_module changes nothing", () => {
    expect(editableFields(user([], ["systemtree::use_module"]), radioBed, "Full")).toEqual([]);
  });

  it("every input field has a code", () => {
    for (const field of SYSTEM_TREE_NODE_INPUT_FIELDS) expect(NODE_FIELD_CODES[field]).toMatch(/^systemtree::/);
  });

  it("a code held only at read changes nothing (spec: Levels are hide, read, write)", () => {
    expect(editableFields(user([], ["systemtree::change_gets_attributes"]), radioBed, "Full")).toEqual([]);
  });

  it("superusers change every field", () => {
    expect(editableFields(superuser, techDevice, "Full")).toEqual(SYSTEM_TREE_NODE_INPUT_FIELDS);
  });
});

describe("wired and technical devices need their class's code too (change_wired_devices, change_tech_devices)", () => {
  const attrs = "systemtree::change_gets_attributes";
  it.each([
    [wiredBed, [attrs], false],
    [wiredBed, [attrs, "systemtree::change_wired_devices"], true],
    [techDevice, [attrs], false],
    [techDevice, [attrs, "systemtree::change_tech_devices"], true],
    [radioBed, [attrs], true],
    [room, [attrs], true],
  ] as const)("%j with %j may change its name: %s", (node, codes, expected) => {
    expect(editableFields(user([...codes], ["systemtree::see_wired_devices", "systemtree::see_tech_devices"]), node, "Full").includes("name")).toBe(expected);
  });
});

describe("seeing: see_wired_devices, see_tech_devices; call source group level None hides", () => {
  it.each([
    [radioBed, [], "Read", true],
    [wiredBed, [], "Full", false],
    [wiredBed, ["systemtree::see_wired_devices"], "Read", true],
    [techDevice, [], "Full", false],
    [techDevice, ["systemtree::see_tech_devices"], "Read", true],
    [radioBed, [], "None", false],
  ] as const)("%j with %j at %s: %s", (node, codes, level, expected) => {
    expect(canSeeNode(user([], [...codes]), node, level)).toBe(expected);
  });
});

describe('spec §6 "Call source group access: None, Read, Write (existing data), Full (create and delete)"', () => {
  const all = user(["systemtree::change_gets_attributes", "systemtree::create_delete_devices"]);
  it.each([
    ["None", false, false],
    ["Read", false, false],
    ["Write", true, false],
    ["Full", true, true],
  ] as const)("%s: change %s, create/delete %s", (level, change, createDelete) => {
    expect(editableFields(all, radioBed, level).includes("name")).toBe(change);
    expect(canCreateOrDeleteNode(all, radioBed, level)).toBe(createDelete);
  });

  it.each([
    [radioBed, "systemtree::create_delete_devices"],
    [wiredBed, "systemtree::create_delete_wired_devices"],
    [techDevice, "systemtree::create_delete_tech_devices"],
    [room, "systemtree::manage_structure"],
  ] as const)("creating or deleting %j needs %s", (node, code) => {
    const seeing = ["systemtree::see_wired_devices", "systemtree::see_tech_devices"];
    expect(canCreateOrDeleteNode(user([], seeing), node, "Full")).toBe(false);
    expect(canCreateOrDeleteNode(user([code], seeing), node, "Full")).toBe(true);
  });

  it.each([
    ["no group permissions: unrestricted", [], { ...radioBed, call_source_id: 5 }, "Full"],
    ["the group holding the call source", [{ flag: "None", related_callsources: [5], permission_level: "Write" }], { ...radioBed, call_source_id: 5 }, "Write"],
    [
      "the highest of several groups wins",
      [
        { flag: "None", related_callsources: [5], permission_level: "Read" },
        { flag: "None", related_callsources: [5, 6], permission_level: "Full" },
      ],
      { ...radioBed, call_source_id: 5 },
      "Full",
    ],
    [
      "a call source in none of the user's groups",
      [{ flag: "None", related_callsources: [6], permission_level: "Full" }],
      { ...radioBed, call_source_id: 5 },
      "None",
    ],
    [
      "the technical group is included for tech devices",
      [{ flag: "Tech", related_callsources: [], permission_level: "Write" }],
      { ...techDevice, call_source_id: 5 },
      "Write",
    ],
    [
      "structure without call source: the highest level anywhere",
      [{ flag: "None", related_callsources: [6], permission_level: "Read" }],
      { ...room, call_source_id: null },
      "Read",
    ],
  ] as const)("%s", (_name, groups, node, expected) => {
    expect(nodeAccessLevel({ is_superuser: false }, groups, node)).toBe(expected);
  });
});

describe("forbidden fields of a change", () => {
  it("names each field the user may not change, in input order", () => {
    const editor = user(["systemtree::change_gets_attributes"]);
    expect(forbiddenFields(editor, radioBed, "Full", { name: "X", section_id: 2, serial: "S" })).toEqual(["section_id", "serial"]);
  });

  it("switching activity control on needs enable_activity_control; off, change_activity_control is enough", () => {
    const changer = user(["systemtree::change_activity_control"]);
    expect(forbiddenFields(changer, radioBed, "Full", { use_activity_control: true })).toEqual(["use_activity_control"]);
    expect(forbiddenFields(changer, radioBed, "Full", { use_activity_control: false })).toEqual([]);
    expect(forbiddenFields(user(["systemtree::enable_activity_control"]), radioBed, "Full", { use_activity_control: true })).toEqual([]);
  });
});
