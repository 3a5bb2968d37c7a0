import type { FieldError } from "./field-errors.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "./login-limits.ts";

// The sign-in form's own check, without zod: zod is ~25 KB gzip, a tenth of what /login loaded,
// and the form only needs "required, no NUL, not too long" twice (docs/decisions/013-static-assets.md).
// This module imports nothing at run time on purpose: the bundler puts validation-messages.ts and
// rules/input-safety.ts in one chunk with zod, so even their constants would bring zod back. The
// server keeps validating with loginInputSchema; login-check.test.ts holds both to the same answers
// (so these keys and the NUL rule cannot drift from VALIDATION_KEYS and SAFE_NO_NUL unnoticed).
const REQUIRED = "validation.required";
const CONTROL_CHARACTERS = "validation.control_characters";
const MAX_LENGTH = "validation.max_length";

function stringField(field: string, value: string, max: number): FieldError[] {
  // Same order as requiredString({ trim: false }).max(max): empty stops the checks.
  if (value === "") return [{ message: REQUIRED, data: { field } }];
  const errors: FieldError[] = [];
  if (value.includes("\u0000")) errors.push({ message: CONTROL_CHARACTERS, data: { field, format: "regex" } });
  if (value.length > max) errors.push({ message: MAX_LENGTH, data: { field, size: max } });
  return errors;
}

/**
 * The field errors `fieldErrors(loginInputSchema.safeParse(input).error)` gives for what the
 * sign-in form sends (two strings), in the same shape and order; `{}` when the input is valid.
 */
export function loginFieldErrors(input: { username: string; password: string }): Record<string, FieldError[]> {
  const result: Record<string, FieldError[]> = {};
  const username = stringField("username", input.username, USERNAME_MAX_LENGTH);
  const password = stringField("password", input.password, PASSWORD_MAX_LENGTH);
  if (username.length) result["username"] = username;
  if (password.length) result["password"] = password;
  return result;
}
