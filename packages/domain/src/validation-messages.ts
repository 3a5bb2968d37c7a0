import { z } from "zod";
import { SAFE_NO_NUL, SAFE_SINGLE_LINE } from "./rules/input-safety.ts";

/**
 * Validation message keys (data spec §5 "Validation rules"). Issue messages are these i18n keys;
 * placeholders ({field}, {min}, {max}, {size}, {value}, {format}) travel as `data`.
 */
export const VALIDATION_KEYS = {
  required: "validation.required",
  between: "validation.between",
  min: "validation.min",
  min_length: "validation.min_length",
  max_length: "validation.max_length",
  max_length_inherited: "validation.max_length_inherited",
  numeric: "validation.numeric",
  email: "validation.email",
  ip: "validation.ip",
  url: "validation.url",
  unique: "validation.unique",
  duplicate: "validation.duplicate",
  cannot_be_same: "validation.cannot_be_same",
  comma_not_allowed: "validation.comma_not_allowed",
  contains: "validation.contains",
  format: "validation.format",
  /** Not in the spec: a colour field holding something that is not "#RRGGBB" ("grün"). */
  colour: "validation.colour",
  /** Not in the spec: battery thresholds, critical at or above low ("critical 60 / low 40"). */
  critical_below_low: "validation.critical_below_low",
  no_match: "validation.no_match",
  date_after: "validation.date_after",
  time_overlap: "validation.time_overlap",
  one_option_required: "validation.one_option_required",
  criterion: "validation.criterion",
  section_full: "validation.section_full",
  required_inherited_child: "validation.required_inherited_child",
  required_inherited_parent: "validation.required_inherited_parent",
  linked_system_tree_node_chain: "validation.linked_system_tree_node_chain",
  license_limit_reached: "validation.license_limit_reached",
  /** spec §5 "Editing is blocked for elements with open calls, an active override, or inherited data". */
  blocked_open_calls: "validation.blocked_open_calls",
  blocked_active_override: "validation.blocked_active_override",
  blocked_inherited: "validation.blocked_inherited",
  /** Not in the spec (docs/decisions/022): a second enabled display group override for one section ({value}: the enabled one's name). */
  override_active: "validation.override_active",
  /** spec §5 "Elements with children cannot be deleted". */
  has_children: "validation.has_children",
  /** spec §5 "inheriting devices cannot be moved". */
  inheriting_cannot_move: "validation.inheriting_cannot_move",
  /** Not in the spec: a parent below the node itself (the tree would close a circle). */
  parent_cycle: "validation.parent_cycle",
  /** spec §9 "parent chain depth 10": a parent deeper than that. */
  parent_too_deep: "validation.parent_too_deep",
  /** Not in the spec: a field the user's permissions do not let them change (with MISSING_PERMISSION; {permission}). */
  field_permission: "validation.field_permission",
  /** spec §8 "Upload: ... too big." ({max}, e.g. "5 MB") */
  upload_too_big: "validation.upload_too_big",
  /** spec §8 "Upload: could not be processed" (not a format the upload accepts). */
  upload_unprocessable: "validation.upload_unprocessable",
  /** spec §5 "file name only letters, digits, dot, hyphen" ({value}: the name). */
  upload_file_name: "validation.upload_file_name",
  /** Not in the spec: a value of the wrong type or shape that no other key describes. */
  invalid: "validation.invalid",
  /** Not in the spec: a field the input does not accept (strict schemas). */
  unknown_field: "validation.unknown_field",
  /** Not in the spec: a host name or IPv4 address (configurator ntp_server). */
  host: "validation.host",
  /** Not in the spec (ARCHITECTURE «Security rules»): a grant beyond what the actor holds ({value}: what exceeds). */
  exceeds_own_permissions: "validation.exceeds_own_permissions",
  /** Not in the spec: systems beyond the actor's own, or all systems from a limited actor. */
  exceeds_own_systems: "validation.exceeds_own_systems",
  /** Not in the spec: a new password of only spaces. */
  password_only_spaces: "validation.password_only_spaces",
  /** Not in the spec: a new password equal to the user name. */
  password_same_as_username: "validation.password_same_as_username",
  /** Not in the spec: a new password from the list of common passwords. */
  password_common: "validation.password_common",
  /** Not in the spec: the current password, asked for a password change, is wrong. */
  wrong_current_password: "validation.wrong_current_password",
  /** Not in the spec: the login throttle refuses further tries ({seconds}). */
  too_many_attempts: "validation.too_many_attempts",
  /** Not in the spec: NUL, control characters or bidi overrides (rules/input-safety.ts). */
  control_characters: "validation.control_characters",
  /** Not in the spec: a list longer than a request may carry ({size}). */
  list_too_long: "validation.list_too_long",
  /** Not in the spec: a call log date range longer than the log allows ({years}). */
  range_too_long: "validation.range_too_long",
  /** Not in the spec: an analytics period longer than the screen allows ({days}). */
  range_too_long_days: "validation.range_too_long_days",
  /** Not in the spec: ids in a filter that name nothing of the system ({value}: the ids). */
  unknown_reference: "validation.unknown_reference",
  /** Not in the spec: an export would hold more rows than its format allows ({max}, {format}). */
  max_rows_exceeded: "validation.max_rows_exceeded",
  /** Not in the spec: a user already has the most exports running at once ({max}). */
  too_many_exports: "validation.too_many_exports",
} as const;

/** One validation message key. */
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** Minimal view of a zod issue as the `error` customisation receives it. */
interface RawIssue {
  readonly code?: string;
  readonly input?: unknown;
}

/**
 * zod `error` option: a missing (undefined/null) or empty value reports "validation.required",
 * anything else reports `otherwise`.
 */
export function requiredOr(otherwise: ValidationKey): (issue: RawIssue) => string {
  return (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? VALIDATION_KEYS.required : otherwise);
}

/**
 * A required string: missing, empty or (unless `trim` is false) blank reports
 * "validation.required" and stops further checks, so "" never also reports a min length.
 */
export function requiredString(options: { trim?: boolean } = {}): z.ZodString {
  const base = z.string({ error: requiredOr(VALIDATION_KEYS.invalid) });
  const trimmed = options.trim === false ? base : base.trim();
  const required = trimmed.min(1, { error: VALIDATION_KEYS.required, abort: true });
  // Untrimmed strings are secrets (passwords): only NUL is refused there; names refuse every
  // control character and bidi override (rules/input-safety.ts).
  return options.trim === false
    ? required.regex(SAFE_NO_NUL, { error: VALIDATION_KEYS.control_characters })
    : required.regex(SAFE_SINGLE_LINE, { error: VALIDATION_KEYS.control_characters });
}
