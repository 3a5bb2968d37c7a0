import {
  entitySchema,
  fieldErrors,
  formatTimeOfDay,
  missingSettingRequiredFields,
  parseTimeOfDay,
  type EntityDef,
  type FieldDef,
  type RequirementSettings,
  NEW_RECORD_ID,
} from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../api/errors";
import type { EntityRecord } from "./entity-documents";

/**
 * What the generic form holds per field, and the conversions record → form → API input.
 * text, enum (null = none chosen), time ("HH:MM" or ""), int (a number, or the NumberInput's
 * string while empty or half typed), bool, ref (id or null), refs (ids).
 */
export type FormValue = string | number | boolean | null | number[];
export type FormValues = Record<string, FormValue>;

/** spec: "id -1 means a new record"; a missing id too. NaN for anything that is no id. */
export function parseRecordId(param: string | undefined): number {
  if (param === undefined || param === "" || param === String(NEW_RECORD_ID)) return NEW_RECORD_ID;
  return /^\d+$/.test(param) && Number(param) > 0 ? Number(param) : Number.NaN;
}

/** The fields the generic form edits, in registry order. File fields come later (upload). */
export function formFields(entity: EntityDef): [string, FieldDef][] {
  return (Object.entries(entity.fields) as [string, FieldDef][]).filter(([, field]) => field.form !== false && field.kind !== "file");
}

/** The value of a new record's field: the registry default, else empty. */
export function defaultValue(field: FieldDef): FormValue {
  switch (field.kind) {
    case "text":
      return field.secret ? "" : (field.default ?? "");
    case "int":
      return field.default ?? "";
    case "bool":
      return field.default ?? false;
    case "enum":
      return field.default ?? null;
    case "time":
      return field.default === undefined ? "" : formatTimeOfDay(field.default);
    case "ref":
      return field.default ?? null;
    case "refs":
      return [];
    case "file":
      return null;
  }
}

/** A new record (spec: "id -1 means a new record"). */
export function emptyValues(entity: EntityDef): FormValues {
  return Object.fromEntries(formFields(entity).map(([name, field]) => [name, defaultValue(field)]));
}

function recordValue(field: FieldDef, value: unknown): FormValue {
  switch (field.kind) {
    case "text":
      return field.secret || typeof value !== "string" ? "" : value;
    case "int":
      return typeof value === "number" ? value : "";
    case "bool":
      return value === true;
    case "enum":
      return typeof value === "string" ? value : null;
    case "time": {
      // The API speaks "HH:MM"; minutes are accepted too.
      const minutes = parseTimeOfDay(value);
      return minutes === null ? "" : formatTimeOfDay(minutes);
    }
    case "ref":
      return typeof value === "number" ? value : null;
    case "refs":
      return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
    case "file":
      return typeof value === "string" ? value : null;
  }
}

/** A loaded record as form values. Secrets start empty ("leave empty to keep"). */
export function recordToValues(entity: EntityDef, record: EntityRecord): FormValues {
  return Object.fromEntries(formFields(entity).map(([name, field]) => [name, recordValue(field, record[name])]));
}

/** Secret fields that have a stored value (the API's `<field>_set`). */
export function storedSecrets(entity: EntityDef, record: EntityRecord | null | undefined): Set<string> {
  const stored = new Set<string>();
  if (!record) return stored;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret && record[`${name}_set`] === true) stored.add(name);
  }
  return stored;
}

function inputValue(field: FieldDef, value: FormValue): unknown {
  switch (field.kind) {
    case "int": {
      if (typeof value === "number") return value;
      if (value === "" || value === null) return null;
      const number = Number(value);
      // Half-typed input ("-", "1e") stays a string: validation reports it as not numeric.
      return typeof value === "string" && value.trim() !== "" && Number.isFinite(number) ? number : value;
    }
    case "enum":
      return value ?? undefined;
    default:
      return value;
  }
}

/**
 * The API input of the form (contract: "Input = all form fields (secret: omit or empty to keep
 * the stored one)"). An update carries the record's sort_order so the order is kept.
 */
export function valuesToInput(entity: EntityDef, values: FormValues, record: EntityRecord | null = null): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of formFields(entity)) {
    const value = inputValue(field, values[name] === undefined ? defaultValue(field) : values[name]);
    if (value === undefined || (field.secret && value === "")) continue;
    input[name] = value;
  }
  if (entity.sortable && record && typeof record.sort_order === "number") input["sort_order"] = record.sort_order;
  return input;
}

/**
 * The entity's zod schema run on the input, first message per field (spec §5). A required
 * secret that is stored may stay empty: the stored one is kept. Fields a global setting requires
 * (call source text) are checked as the server checks them.
 */
export function clientErrors(
  entity: EntityDef,
  input: Record<string, unknown>,
  secretsStored: ReadonlySet<string> = new Set(),
  settings: RequirementSettings | null = null,
): Record<string, FieldError> {
  const parsed = entitySchema(entity).safeParse(input);
  const errors: Record<string, FieldError> = parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
  for (const name of missingSettingRequiredFields(entity, input, settings)) {
    errors[name] ??= { message: "validation.required", data: { field: name } };
  }
  for (const name of secretsStored) {
    if (!(name in input)) delete errors[name];
  }
  return errors;
}

/**
 * spec: "Copying resets id to -1." The values stay; the display field gets the copy name
 * (e.g. "Nacht (Kopie)"), shortened so that it still fits the field.
 */
export function copyValues(entity: EntityDef, values: FormValues, copyName: (name: string) => string): FormValues {
  const name = entity.displayField;
  const field = entity.fields[name];
  const current = values[name];
  if (field?.kind !== "text" || typeof current !== "string") return { ...values };
  let base = current.trim();
  let copied = copyName(base);
  while (copied.length > field.max && base.length > 0) {
    base = base.slice(0, -1).trimEnd();
    copied = copyName(base);
  }
  return { ...values, [name]: copied };
}

/** Whether two value sets are the same (unsaved changes are the difference). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  }
  return true;
}
