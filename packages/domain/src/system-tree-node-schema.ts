import { z } from "zod";
import { applyInputFilter } from "./entities/schema.ts";
import { longTextIssues, shortTextIssues } from "./rules/node-texts.ts";
import { SAFE_SINGLE_LINE } from "./rules/input-safety.ts";
import { VALIDATION_KEYS, requiredOr } from "./validation-messages.ts";

/**
 * The input of createSystemTreeNode / updateSystemTreeNode and of the tree's node form (spec data
 * §3.6 "System tree"): one schema for server and web (docs/decisions/019-system-tree-fields.md).
 * Every field is optional on update; kind, parent_id and name are needed on create. Null clears a
 * nullable field. Texts pass the input filter first (spec §5 "Input filter: on blur and update").
 */

/** spec data §3.1 "Tree node kinds". */
export const SYSTEM_TREE_NODE_KINDS = [
  "building",
  "device",
  "floor",
  "group",
  "person",
  "radio",
  "repeater",
  "room",
  "section",
  "tech",
  "unknown",
  "wired",
] as const;
export type SystemTreeNodeKind = (typeof SYSTEM_TREE_NODE_KINDS)[number];

/** Kinds that structure the tree rather than sit in it as hardware: created and deleted with manage_structure. */
export const STRUCTURE_KINDS: readonly SystemTreeNodeKind[] = ["building", "floor", "group", "room"];

/** Sound levels of a device (not in the spec: the controller's 0 silent to 10 loudest). */
export const SOUND_LEVEL_MAX = 10;
/** How long a device shows a call text, seconds (not in the spec: at most an hour). */
export const DISPLAY_TIME_MAX = 3600;
/** spec §9 "5 display groups per schedule". */
export const NODE_DISPLAY_GROUPS_MAX = 5;

const id = z.number({ error: VALIDATION_KEYS.invalid }).int({ error: VALIDATION_KEYS.invalid }).min(1, { error: VALIDATION_KEYS.invalid });
const optionalRef = id.nullable().optional();
const flag = z.boolean({ error: VALIDATION_KEYS.invalid }).optional();
/** spec §5 "between: must be between {min} and {max}". */
const between = (min: number, max: number) =>
  z
    .number({ error: VALIDATION_KEYS.numeric })
    .int({ error: VALIDATION_KEYS.numeric })
    .refine((v) => v >= min && v <= max, { error: VALIDATION_KEYS.between, params: { min, max } });
const level = between(0, SOUND_LEVEL_MAX).nullable().optional();

/** Free text of one line: trimmed, no control characters (ARCHITECTURE «Security rules»), at most `max`. */
const line = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .trim()
    .max(max, { error: VALIDATION_KEYS.max_length })
    .regex(SAFE_SINGLE_LINE, { error: VALIDATION_KEYS.control_characters });

/** A device text: filtered, then checked by its rule; issues carry the spec's message keys. */
const deviceText = (rule: typeof shortTextIssues) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .regex(SAFE_SINGLE_LINE, { error: VALIDATION_KEYS.control_characters, abort: true })
    .superRefine((value, ctx) => {
      for (const issue of rule(value)) ctx.addIssue({ code: "custom", message: issue.message, params: issue.data });
    })
    .transform(applyInputFilter);

const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
const CALLBACK_NUMBER = /^[0-9+*# ]*$/;

const fields = {
  kind: z.enum(SYSTEM_TREE_NODE_KINDS, { error: requiredOr(VALIDATION_KEYS.one_option_required) }).optional(),
  parent_id: id.optional(),
  name: line(100).min(1, { error: VALIDATION_KEYS.required }).optional(),
  number: between(0, 99_999).nullable().optional(),
  section_id: optionalRef,
  serial: line(64).nullable().optional(),
  mac: line(32)
    .refine((v) => v === "" || MAC.test(v), { error: VALIDATION_KEYS.format, params: { format: "AA:BB:CC:DD:EE:FF" } })
    .nullable()
    .optional(),
  text_long: deviceText(longTextIssues).optional(),
  text_short: deviceText(shortTextIssues).optional(),
  call_source_id: optionalRef,
  callback_number: line(50)
    .refine((v) => CALLBACK_NUMBER.test(v), { error: VALIDATION_KEYS.numeric })
    .nullable()
    .optional(),
  comment: line(255).nullable().optional(),
  position: line(100).nullable().optional(),
  is_enabled: flag,
  is_linkable: flag,
  is_tech: flag,
  radio: flag,
  day_sound_level: level,
  night_sound_level: level,
  disable_buzzer_at_night: flag,
  mask_time_at_night: flag,
  display_time: between(0, DISPLAY_TIME_MAX).nullable().optional(),
  show_calls_without_presence: flag,
  use_activity_control: flag,
  flight_profile_id: optionalRef,
  linked_system_tree_node_id: optionalRef,
  deny_manual_call_closure: flag,
  device_text_overrides: z
    .strictObject(
      {
        call_source: deviceText(longTextIssues).nullable().optional(),
        checkpoint: deviceText(longTextIssues).nullable().optional(),
        button: deviceText(longTextIssues).nullable().optional(),
      },
      { error: VALIDATION_KEYS.invalid },
    )
    .optional(),
  schedule_id: optionalRef,
  display_group_ids: z
    .array(id, { error: VALIDATION_KEYS.invalid })
    .max(NODE_DISPLAY_GROUPS_MAX, { error: VALIDATION_KEYS.list_too_long })
    .refine((ids) => new Set(ids).size === ids.length, { error: VALIDATION_KEYS.duplicate })
    .optional(),
  inherit_section: flag,
  inherit_text_long: flag,
  inherit_text_short: flag,
  inherit_flight_profile: flag,
};

/** The input field names in contract order: what editableFields names and MISSING_PERMISSION refers to. */
export const SYSTEM_TREE_NODE_INPUT_FIELDS = Object.keys(fields) as (keyof typeof fields)[];
export type SystemTreeNodeInputField = keyof typeof fields;

const updateSchema = z.strictObject(fields);

/** The schema of a node change; `create` also needs kind, parent and name. */
export function systemTreeNodeInputSchema(mode: "create" | "update") {
  if (mode === "update") return updateSchema;
  return updateSchema.superRefine((data, ctx) => {
    for (const field of ["kind", "parent_id", "name"] as const) {
      if (data[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: VALIDATION_KEYS.required });
    }
  });
}

export type SystemTreeNodeInput = z.infer<typeof updateSchema>;
