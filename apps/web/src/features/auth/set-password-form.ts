import { VALIDATION_KEYS, fieldErrors, setPasswordInputSchema, type SetPasswordInput } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../api/errors";

export type SetPasswordField = "current_password" | "password" | "password_repeat";
export type SetPasswordValues = Record<SetPasswordField, string>;

/**
 * The set-password form's own check, before the server's: the domain schema (strength, repeat)
 * and, unless the password is temporary, the current password. A temporary password
 * sends no current password at all.
 */
export function checkSetPasswordForm(
  values: SetPasswordValues,
  user: { username: string; password_is_temporary: boolean },
): { ok: true; input: SetPasswordInput } | { ok: false; errors: Partial<Record<SetPasswordField, FieldError>> } {
  const { current_password, ...fresh } = values;
  const temporary = user.password_is_temporary;
  const parsed = setPasswordInputSchema(user.username).safeParse(temporary ? fresh : values);
  const errors: Partial<Record<SetPasswordField, FieldError>> = parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
  if (!temporary && current_password === "") {
    errors.current_password = { message: VALIDATION_KEYS.required, data: { field: "current_password" } };
  }
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, input: parsed.data } : { ok: false, errors };
}
