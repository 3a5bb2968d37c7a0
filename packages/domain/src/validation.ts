import { z } from "zod";
import { LOCALES } from "./rules/locale.ts";
import { PASSWORD_MIN_LENGTH, passwordWeakness, type PasswordWeakness } from "./rules/password-strength.ts";
import { VALIDATION_KEYS, requiredOr, requiredString, type ValidationKey } from "./validation-messages.ts";

export { VALIDATION_KEYS, requiredOr, requiredString } from "./validation-messages.ts";
export type { ValidationKey } from "./validation-messages.ts";

/** spec (setup, set password): the minimum password length we enforce (rules/password-strength.ts). */
export { PASSWORD_MIN_LENGTH };
const PASSWORD_MAX_LENGTH = 1024;
const USERNAME_MAX_LENGTH = 255;

/** The message of each weakness; too_short is the length check's own min_length. */
const WEAKNESS_KEYS: Record<Exclude<PasswordWeakness, "too_short">, ValidationKey> = {
  only_spaces: VALIDATION_KEYS.password_only_spaces,
  same_as_username: VALIDATION_KEYS.password_same_as_username,
  common: VALIDATION_KEYS.password_common,
};

/**
 * The message key of a new password's weakness (rules/password-strength.ts), or null when it is
 * strong enough or only too short (the length check reports that).
 */
export function passwordWeaknessKey(password: string, username: string | null): ValidationKey | null {
  const weakness = passwordWeakness(password, username);
  return weakness === null || weakness === "too_short" ? null : WEAKNESS_KEYS[weakness];
}

/**
 * A new password: required, at least 8 and at most 1024 characters, never trimmed, and strong
 * enough (issue 9). `username` is the account's name when the schema knows it up front.
 */
function newPassword(username: string | null = null): z.ZodString {
  return requiredString({ trim: false })
    .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.min_length })
    .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length })
    .refine((value) => passwordWeaknessKey(value, username) === null, {
      error: (issue) => passwordWeaknessKey(String(issue.input), username) ?? VALIDATION_KEYS.invalid,
    });
}

/** POST /backend/login body: "JSON username and password". */
export const loginInputSchema = z
  .object({
    username: requiredString({ trim: false }).max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }),
    password: requiredString({ trim: false }).max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }),
  })
  .strict();
/** Login input. */
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * spec: "Set password: both fields required." and "Password change needs password repeated."
 * A mismatch is reported on password_repeat as "validation.no_match". `username` is the signed-in
 * user's (the new password may not equal it). `current_password` (issue 9) is required by the
 * server unless the password is temporary; the schema only bounds it.
 */
export function setPasswordInputSchema(username: string | null = null) {
  return z
    .object({
      current_password: z
        .string({ error: VALIDATION_KEYS.invalid })
        .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length })
        .optional(),
      password: newPassword(username),
      password_repeat: requiredString({ trim: false }),
    })
    .refine((input) => input.password === input.password_repeat, {
      path: ["password_repeat"],
      error: VALIDATION_KEYS.no_match,
      // Report a mismatch even when the password itself is too short: both fields are strings.
      when: (payload) => {
        const value = payload.value as { password?: unknown; password_repeat?: unknown } | null;
        return (
          typeof value === "object" &&
          value !== null &&
          typeof value.password === "string" &&
          typeof value.password_repeat === "string" &&
          value.password_repeat !== ""
        );
      },
    });
}
/** UserSetPassword input. */
export type SetPasswordInput = z.infer<ReturnType<typeof setPasswordInputSchema>>;

/** spec: "Initial user: username default admin, password required." (and issue 9's strength) */
export const initialUserInputSchema = z
  .object({
    username: requiredString()
      .max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length })
      .default("admin"),
    password: newPassword(),
    locale: z.enum(LOCALES, { error: requiredOr(VALIDATION_KEYS.one_option_required) }),
  })
  .refine((input) => passwordWeaknessKey(input.password, input.username) !== VALIDATION_KEYS.password_same_as_username, {
    path: ["password"],
    error: VALIDATION_KEYS.password_same_as_username,
  });
/** createInitialUser input. */
export type InitialUserInput = z.infer<typeof initialUserInputSchema>;

/** spec: "Configurator: ip, username (default admin), password." and "ip (IPv4 only)". */
export const configuratorInputSchema = z.object({
  ip: z.ipv4({ error: requiredOr(VALIDATION_KEYS.ip) }),
  username: requiredString()
    .max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length })
    .default("admin"),
  password: requiredString({ trim: false }),
});
/** createInitialConfigurator input. */
export type ConfiguratorInput = z.infer<typeof configuratorInputSchema>;

/** One message of a field, as DESIGN.md §2 sends it: an i18n key plus its placeholders. */
export interface FieldError {
  message: string;
  data: Record<string, unknown>;
}

/** The key under which errors not tied to one field (e.g. unknown keys) are reported. */
export const FORM_ERROR_KEY = "_form";

type Issue = z.core.$ZodIssue;

/** The message key of an issue: ours when a schema set one, else derived from the issue code. */
function messageKey(issue: Issue): string {
  if (issue.message.startsWith("validation.")) return issue.message;
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" ? VALIDATION_KEYS.min_length : VALIDATION_KEYS.min;
    case "too_big":
      return issue.origin === "string" ? VALIDATION_KEYS.max_length : VALIDATION_KEYS.between;
    case "invalid_format":
      if (issue.format === "email") return VALIDATION_KEYS.email;
      if (issue.format === "ipv4") return VALIDATION_KEYS.ip;
      if (issue.format === "url") return VALIDATION_KEYS.url;
      return VALIDATION_KEYS.format;
    case "invalid_value":
      return VALIDATION_KEYS.one_option_required;
    case "unrecognized_keys":
      return VALIDATION_KEYS.unknown_field;
    default:
      return VALIDATION_KEYS.invalid;
  }
}

/** The placeholders of an issue ({field}, {size}, {min}, {max}, {format}, custom params). */
function messageData(issue: Issue, key: string, field: string): Record<string, unknown> {
  const data: Record<string, unknown> = { field };
  // "{field} is needed" has no other placeholder, even when it came from a min(1) check.
  if (key === VALIDATION_KEYS.required) return data;
  switch (issue.code) {
    case "too_small":
      data[issue.origin === "string" || issue.origin === "array" ? "size" : "min"] = Number(issue.minimum);
      break;
    case "too_big":
      data[issue.origin === "string" || issue.origin === "array" ? "size" : "max"] = Number(issue.maximum);
      break;
    case "invalid_format":
      data["format"] = issue.format;
      break;
    case "unrecognized_keys":
      data["value"] = issue.keys.join(", ");
      break;
    case "custom":
      Object.assign(data, issue.params);
      break;
    default:
      break;
  }
  return data;
}

/**
 * Turns a zod error into DESIGN.md §2's per-field shape `{ field: [{ message, data }] }`.
 * `message` is the i18n key, `data` its placeholders; nested paths join with "." and issues
 * without a path go under FORM_ERROR_KEY. spec: "the first message per field is shown", so
 * order within a field follows the schema's check order.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldError[]> {
  const result: Record<string, FieldError[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    const key = path === "" ? FORM_ERROR_KEY : path;
    const last = issue.path.at(-1);
    const field = last === undefined ? "" : String(last);
    const message = messageKey(issue);
    (result[key] ??= []).push({ message, data: messageData(issue, message, field) });
  }
  return result;
}
