import type { TFunction } from "i18next";
import type { FieldError } from "../api/errors";

/**
 * Translates a field error whose message is an i18n key (`validation.required`, ...) with its
 * placeholders; `{field}` is shown by its translated label, `fields.<name>` unless `labelKey`
 * names the key (entity forms: `entities.<entity>.fields.<name>`). A message that is not one of
 * our keys (plain server text) is shown as it is.
 */
export function translateFieldError(
  t: TFunction,
  error: FieldError | undefined,
  labelKey: (field: string) => string = (field) => `fields.${field}`,
): string | undefined {
  if (!error) return undefined;
  const data = error.data ?? {};
  const field = typeof data["field"] === "string" ? data["field"] : "";
  return t(error.message, {
    ...data,
    field: field ? t(labelKey(field), { defaultValue: field }) : "",
    defaultValue: error.message,
  });
}
