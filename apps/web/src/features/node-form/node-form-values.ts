import { applyInputFilter, firstUmlaut } from "@caresuite/domain";

/**
 * What the system tree node form holds (spec data §3.6 "Node: ..."), and the conversions
 * node → form → API input. Numbers are a number or "" (Mantine's NumberInput while empty);
 * references are an id or null.
 */
export interface NodeFormValues {
  name: string;
  number: number | "";
  kind: string;
  parent_id: number | null;
  is_enabled: boolean;
  text_short: string;
  text_long: string;
  inherit_text_short: boolean;
  inherit_text_long: boolean;
  section_id: number | null;
  inherit_section: boolean;
  call_source_id: number | null;
  day_sound_level: number | "";
  night_sound_level: number | "";
  disable_buzzer_at_night: boolean;
  mask_time_at_night: boolean;
  display_time: number | "";
  show_calls_without_presence: boolean;
  use_activity_control: boolean;
  deny_manual_call_closure: boolean;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
  serial: string;
  mac: string;
  is_tech: boolean;
  radio: boolean;
  callback_number: string;
  position: string;
  comment: string;
  device_text_call_source: string;
  device_text_checkpoint: string;
  device_text_button: string;
  schedule_id: number | null;
  display_group_ids: number[];
  flight_profile_id: number | null;
  inherit_flight_profile: boolean;
}

export type NodeFormField = keyof NodeFormValues;

/** The node as the form's query returns it (contract type SystemTreeNode, the fields the form edits). */
export interface NodeRecord {
  id: number;
  name: string;
  number: number | null;
  kind: string;
  parent_id: number | null;
  is_enabled: boolean;
  text_short: string;
  text_long: string;
  inherit_text_short: boolean;
  inherit_text_long: boolean;
  section_id: number | null;
  inherit_section: boolean;
  call_source_id: number | null;
  day_sound_level: number | null;
  night_sound_level: number | null;
  disable_buzzer_at_night: boolean;
  mask_time_at_night: boolean;
  display_time: number | null;
  show_calls_without_presence: boolean;
  use_activity_control: boolean;
  deny_manual_call_closure: boolean;
  is_linkable: boolean;
  linked_system_tree_node_id: number | null;
  serial: string | null;
  mac: string | null;
  is_tech: boolean;
  radio: boolean;
  callback_number: string | null;
  position: string | null;
  comment: string | null;
  device_text_overrides: { call_source: string | null; checkpoint: string | null; button: string | null };
  schedule_id: number | null;
  display_group_ids: readonly number[];
  flight_profile_id: number | null;
  inherit_flight_profile: boolean;
}

/** The device text overrides' form fields and their input names (DeviceTextOverridesInput). */
const OVERRIDE_FIELDS = {
  device_text_call_source: "call_source",
  device_text_checkpoint: "checkpoint",
  device_text_button: "button",
} as const satisfies Partial<Record<NodeFormField, string>>;

type OverrideField = keyof typeof OVERRIDE_FIELDS;

function isOverrideField(field: string): field is OverrideField {
  return field in OVERRIDE_FIELDS;
}

/**
 * The name of the input field (SystemTreeNodeInput, the server's `editable_fields` and its
 * error keys) a form field belongs to: the three device texts are one input.
 */
export function inputFieldOf(field: NodeFormField): string {
  return isOverrideField(field) ? "device_text_overrides" : field;
}

/** A new node (spec: "id -1 means a new record"), below `parentId` when one was given. */
export function emptyNodeValues(parentId: number | null = null, kind = "room"): NodeFormValues {
  return {
    name: "",
    number: "",
    kind,
    parent_id: parentId,
    is_enabled: true,
    text_short: "",
    text_long: "",
    inherit_text_short: false,
    inherit_text_long: false,
    section_id: null,
    inherit_section: parentId !== null,
    call_source_id: null,
    day_sound_level: "",
    night_sound_level: "",
    disable_buzzer_at_night: false,
    mask_time_at_night: false,
    display_time: "",
    show_calls_without_presence: false,
    use_activity_control: false,
    deny_manual_call_closure: false,
    is_linkable: false,
    linked_system_tree_node_id: null,
    serial: "",
    mac: "",
    is_tech: false,
    radio: false,
    callback_number: "",
    position: "",
    comment: "",
    device_text_call_source: "",
    device_text_checkpoint: "",
    device_text_button: "",
    schedule_id: null,
    display_group_ids: [],
    flight_profile_id: null,
    inherit_flight_profile: false,
  };
}

/** A loaded node as form values. */
export function nodeToValues(node: NodeRecord): NodeFormValues {
  return {
    name: node.name,
    number: node.number ?? "",
    kind: node.kind,
    parent_id: node.parent_id,
    is_enabled: node.is_enabled,
    text_short: node.text_short,
    text_long: node.text_long,
    inherit_text_short: node.inherit_text_short,
    inherit_text_long: node.inherit_text_long,
    section_id: node.section_id,
    inherit_section: node.inherit_section,
    call_source_id: node.call_source_id,
    day_sound_level: node.day_sound_level ?? "",
    night_sound_level: node.night_sound_level ?? "",
    disable_buzzer_at_night: node.disable_buzzer_at_night,
    mask_time_at_night: node.mask_time_at_night,
    display_time: node.display_time ?? "",
    show_calls_without_presence: node.show_calls_without_presence,
    use_activity_control: node.use_activity_control,
    deny_manual_call_closure: node.deny_manual_call_closure,
    is_linkable: node.is_linkable,
    linked_system_tree_node_id: node.linked_system_tree_node_id,
    serial: node.serial ?? "",
    mac: node.mac ?? "",
    is_tech: node.is_tech,
    radio: node.radio,
    callback_number: node.callback_number ?? "",
    position: node.position ?? "",
    comment: node.comment ?? "",
    device_text_call_source: node.device_text_overrides.call_source ?? "",
    device_text_checkpoint: node.device_text_overrides.checkpoint ?? "",
    device_text_button: node.device_text_overrides.button ?? "",
    schedule_id: node.schedule_id,
    display_group_ids: [...node.display_group_ids],
    flight_profile_id: node.flight_profile_id,
    inherit_flight_profile: node.inherit_flight_profile,
  };
}

/** Texts of the call system's displays: the spec's input filter applies (data §5). */
export const FILTERED_TEXT_FIELDS = [
  "text_short",
  "text_long",
  "device_text_call_source",
  "device_text_checkpoint",
  "device_text_button",
] as const satisfies readonly NodeFormField[];

/**
 * spec data §5 "Input filter: on blur and update, value uppercased and stripped of characters
 * other than space-to-backslash range, dot, letters, digits". Umlauts are not stripped here:
 * "Ä" would silently become nothing, so it stays for the schema to reject with its message.
 */
export function filterNodeText(value: string): string {
  return [...value].map((char) => (firstUmlaut(char) === null ? applyInputFilter(char) : char.toUpperCase())).join("");
}

/** The form values filtered as on blur and on save (`FILTERED_TEXT_FIELDS`). */
export function withFilteredTexts(values: NodeFormValues): NodeFormValues {
  const next = { ...values };
  for (const field of FILTERED_TEXT_FIELDS) next[field] = filterNodeText(values[field]);
  return next;
}

function numberOrNull(value: number | ""): number | null {
  return value === "" ? null : value;
}

function emptyToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** The whole API input of the values (SystemTreeNodeInput). */
export function valuesToNodeInput(values: NodeFormValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    number: numberOrNull(values.number),
    kind: values.kind,
    parent_id: values.parent_id,
    is_enabled: values.is_enabled,
    text_short: values.text_short.trim(),
    text_long: values.text_long.trim(),
    inherit_text_short: values.inherit_text_short,
    inherit_text_long: values.inherit_text_long,
    section_id: values.section_id,
    inherit_section: values.inherit_section,
    call_source_id: values.call_source_id,
    day_sound_level: numberOrNull(values.day_sound_level),
    night_sound_level: numberOrNull(values.night_sound_level),
    disable_buzzer_at_night: values.disable_buzzer_at_night,
    mask_time_at_night: values.mask_time_at_night,
    display_time: numberOrNull(values.display_time),
    show_calls_without_presence: values.show_calls_without_presence,
    use_activity_control: values.use_activity_control,
    deny_manual_call_closure: values.deny_manual_call_closure,
    is_linkable: values.is_linkable,
    linked_system_tree_node_id: values.linked_system_tree_node_id,
    serial: emptyToNull(values.serial),
    mac: emptyToNull(values.mac),
    is_tech: values.is_tech,
    radio: values.radio,
    callback_number: emptyToNull(values.callback_number),
    position: emptyToNull(values.position),
    comment: emptyToNull(values.comment),
    device_text_overrides: {
      call_source: emptyToNull(values.device_text_call_source),
      checkpoint: emptyToNull(values.device_text_checkpoint),
      button: emptyToNull(values.device_text_button),
    },
    schedule_id: values.schedule_id,
    display_group_ids: [...values.display_group_ids],
    flight_profile_id: values.flight_profile_id,
    inherit_flight_profile: values.inherit_flight_profile,
  };
}

/**
 * What an update sends: only the input fields that changed and that the user may change. A
 * partial update never resets what it leaves out (ARCHITECTURE «Security rules»), and a field
 * sent without its permission is refused (MISSING_PERMISSION), so unchanged fields stay home.
 */
export function changedNodeInput(values: NodeFormValues, baseline: NodeFormValues, editable: ReadonlySet<string>): Record<string, unknown> {
  const next = valuesToNodeInput(values);
  const before = valuesToNodeInput(baseline);
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (!editable.has(field)) continue;
    if (JSON.stringify(value) !== JSON.stringify(before[field])) input[field] = value;
  }
  return input;
}

/** Why the form cannot change anything on this node, if it cannot (the server's edit state). */
export interface NodeEditAccess {
  /** The input fields the user may change (the server's `editable_fields`). */
  editableFields: readonly string[];
  /** The server's edit state: false while open calls, an active override or inherited data block editing. */
  canEdit: boolean;
}

/**
 * spec §6: "field-level: not-allowed fields are read-only"; spec data §5: "Editing is blocked
 * for elements with open calls, an active override, or inherited data". A form field is
 * read-only unless its input field is editable and editing is not blocked.
 */
export function isFieldReadOnly(field: NodeFormField, access: NodeEditAccess): boolean {
  if (!access.canEdit) return true;
  return !access.editableFields.includes(inputFieldOf(field));
}

/** The fields an inherit switch governs (spec data §3.6 "inherit flags for section, text_long, text_short, flight profile"). */
const INHERIT_SWITCHES = {
  section_id: "inherit_section",
  text_long: "inherit_text_long",
  text_short: "inherit_text_short",
  flight_profile_id: "inherit_flight_profile",
} as const satisfies Partial<Record<NodeFormField, NodeFormField>>;

/** Whether the field's value comes from above: its own value is then not used, so not edited either. */
export function isInherited(field: NodeFormField, values: NodeFormValues): boolean {
  const flag = (INHERIT_SWITCHES as Partial<Record<NodeFormField, keyof NodeFormValues>>)[field];
  return flag !== undefined && values[flag] === true;
}

/** Whether the user may change anything at all (else the form hides Save). */
export function canChangeAnything(access: NodeEditAccess): boolean {
  return access.canEdit && access.editableFields.length > 0;
}

/**
 * spec data §4 "Copying resets id to -1": the copy keeps every value but the hardware's identity
 * (serial and MAC name one device) and gets the copy name.
 */
export function copyNodeValues(values: NodeFormValues, copyName: (name: string) => string): NodeFormValues {
  return { ...values, name: copyName(values.name.trim()), serial: "", mac: "" };
}

/** Whether two value sets are the same (unsaved changes are the difference). */
export function sameNodeValues(a: NodeFormValues, b: NodeFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
