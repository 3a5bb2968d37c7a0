import type { z } from "zod";
import { VALIDATION_KEYS } from "./validation-messages.ts";

// Field errors in the shape of ARCHITECTURE «Contract rules», in a module of their own: the /login page needs them
// without the other input schemas (docs/decisions/003-initial-chunk.md).

/** One message of a field, as ARCHITECTURE «Contract rules» sends it: an i18n key plus its placeholders. */
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
 * Turns a zod error into the per-field shape of ARCHITECTURE «Contract rules» `{ field: [{ message, data }] }`.
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
