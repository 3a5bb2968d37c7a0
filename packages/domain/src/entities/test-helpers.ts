import { fieldErrors } from "../validation.ts";
import type { FieldError } from "../validation.ts";
import type { EntityDef } from "./define.ts";
import { entitySchema } from "./schema.ts";

/** Test helper: the per-field errors of an entity's input (empty object when valid). */
export function errorsOf(entity: EntityDef, input: unknown): Record<string, FieldError[]> {
  const result = entitySchema(entity).safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

/** Test helper: the first error per field, as the form shows it ("the first message per field is shown"). */
export function firstErrorsOf(entity: EntityDef, input: unknown): Record<string, FieldError> {
  return Object.fromEntries(Object.entries(errorsOf(entity, input)).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])));
}

/** Test helper: the parsed (defaulted, converted) input; throws when invalid. */
export function parsed(entity: EntityDef, input: unknown): Record<string, unknown> {
  return entitySchema(entity).parse(input);
}
