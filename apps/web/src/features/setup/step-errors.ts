import type { CombinedError } from "@urql/core";
import type { TFunction } from "i18next";
import { errorMessages, validationFieldErrors } from "../../api/errors";
import { translateFieldError } from "../../ui/field-error";
import type { SetupFieldMessage } from "./setup-errors";

/** Translated messages per field; empty when the error is not about fields. */
export type StepFieldErrors = Record<string, string | undefined>;

/**
 * A setup mutation's error as field messages: the spec's message rules first, then the server's
 * VALIDATION fields. Returns null when neither applies (the caller shows a notification).
 */
export function stepFieldErrors(
  t: TFunction,
  error: CombinedError,
  rule: (messages: readonly string[]) => SetupFieldMessage<string> | null,
): StepFieldErrors | null {
  const special = rule(errorMessages(error));
  if (special) return { [special.field]: t(special.key) };
  const fields = validationFieldErrors(error);
  const names = Object.keys(fields);
  if (names.length === 0) return null;
  return Object.fromEntries(names.map((name) => [name, translateFieldError(t, fields[name])]));
}

/** Client-side zod field errors (already first-per-field) translated. */
export function translatedFieldErrors(t: TFunction, errors: Record<string, { message: string; data?: Record<string, unknown> } | undefined>): StepFieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, translateFieldError(t, error)]));
}
