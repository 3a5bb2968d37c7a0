import { z } from "zod";
import { LOCALES } from "./rules/locale.ts";
import { PASSWORD_MIN_LENGTH, passwordWeakness, type PasswordWeakness } from "./rules/password-strength.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "./login-schema.ts";
import { VALIDATION_KEYS, requiredOr, requiredString, type ValidationKey } from "./validation-messages.ts";

export { VALIDATION_KEYS, requiredOr, requiredString } from "./validation-messages.ts";
export type { ValidationKey } from "./validation-messages.ts";

/** spec (setup, set password): the minimum password length we enforce (rules/password-strength.ts). */
export { PASSWORD_MIN_LENGTH };
export { loginInputSchema, type LoginInput } from "./login-schema.ts";
export { FORM_ERROR_KEY, fieldErrors, type FieldError } from "./field-errors.ts";

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
 * enough. `username` is the account's name when the schema knows it up front.
 */
function newPassword(username: string | null = null): z.ZodString {
  return requiredString({ trim: false })
    .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.min_length })
    .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length })
    .refine((value) => passwordWeaknessKey(value, username) === null, {
      error: (issue) => passwordWeaknessKey(String(issue.input), username) ?? VALIDATION_KEYS.invalid,
    });
}

/**
 * spec: "Set password: both fields required." and "Password change needs password repeated."
 * A mismatch is reported on password_repeat as "validation.no_match". `username` is the signed-in
 * user's (the new password may not equal it). `current_password` is required by the
 * server unless the password is temporary; the schema only bounds it.
 */
export function setPasswordInputSchema(username: string | null = null) {
  return z
    .object({
      current_password: z.string({ error: VALIDATION_KEYS.invalid }).max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }).optional(),
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

/** spec: "Initial user: username default admin, password required." (and the strength) */
export const initialUserInputSchema = z
  .object({
    username: requiredString().max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }).default("admin"),
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
  username: requiredString().max(USERNAME_MAX_LENGTH, { error: VALIDATION_KEYS.max_length }).default("admin"),
  password: requiredString({ trim: false }),
});
/** createInitialConfigurator input. */
export type ConfiguratorInput = z.infer<typeof configuratorInputSchema>;
