import { editableFields, fieldErrors, systemTreeNodeInputSchema, type AuthUser, type ClassifiedNode } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../api/errors";
import { inputFieldOf, type NodeEditAccess, type NodeFormField } from "./node-form-values";

/** The input fields whose errors show on an input (the rest go into the callout: "_", unknown keys). */
export const NODE_FORM_ERROR_FIELDS: ReadonlySet<string> = new Set<string>([
  "name",
  "number",
  "kind",
  "parent_id",
  "is_enabled",
  "text_short",
  "text_long",
  "inherit_text_short",
  "inherit_text_long",
  "section_id",
  "inherit_section",
  "call_source_id",
  "day_sound_level",
  "night_sound_level",
  "disable_buzzer_at_night",
  "mask_time_at_night",
  "display_time",
  "show_calls_without_presence",
  "use_activity_control",
  "deny_manual_call_closure",
  "is_linkable",
  "linked_system_tree_node_id",
  "serial",
  "mac",
  "is_tech",
  "radio",
  "callback_number",
  "position",
  "comment",
  "device_text_overrides",
  "device_text_overrides.call_source",
  "device_text_overrides.checkpoint",
  "device_text_overrides.button",
  "schedule_id",
  "display_group_ids",
  "flight_profile_id",
  "inherit_flight_profile",
]);

const OVERRIDE_KEYS: Partial<Record<NodeFormField, string>> = {
  device_text_call_source: "device_text_overrides.call_source",
  device_text_checkpoint: "device_text_overrides.checkpoint",
  device_text_button: "device_text_overrides.button",
};

/** The error of a form field: its own key, a device text's nested key, or its input field's. */
export function nodeErrorOf(errors: Record<string, FieldError>, field: NodeFormField): FieldError | undefined {
  const nested = OVERRIDE_KEYS[field];
  return errors[field] ?? (nested ? errors[nested] : undefined) ?? errors[inputFieldOf(field)];
}

/**
 * The shared input schema (the one the server runs) on what the form sends: the first error per
 * field (spec data §5 "the first message per field is shown"). Texts are checked as typed, so an
 * umlaut is answered with "contains Ü" rather than dropped by the input filter.
 */
export function checkNodeInput(input: Record<string, unknown>, mode: "create" | "update"): Record<string, FieldError> {
  const parsed = systemTreeNodeInputSchema(mode).safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

/**
 * A new node: the fields the user may set on a node of its kind (the domain's field permissions;
 * the call source group level is the server's to apply, which answers MISSING_PERMISSION).
 */
export function newNodeAccess(user: AuthUser, node: ClassifiedNode): NodeEditAccess {
  return { editableFields: editableFields(user, node, "Full"), canEdit: true };
}
