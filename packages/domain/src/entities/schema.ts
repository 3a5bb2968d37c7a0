import { z } from "zod";
import { LONG_TEXT_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from "../constants.ts";
import { ID_LIST_MAX, hasUnsafeCharacters } from "../rules/input-safety.ts";
import { VALIDATION_KEYS, requiredOr } from "../validation-messages.ts";
import type { EntityDef, FieldDef, IntField, TextField } from "./define.ts";
import { parseTimeOfDay } from "../time-of-day.ts";
import { isCriterion } from "../rules/criterion.ts";

/**
 * The zod schema of an entity's input, derived from its field definitions: the one validation
 * the server (always) and the form (for comfort) run. Messages are i18n keys (validation.*).
 * A field that is not required may be missing or null: it then takes its default.
 */

/** spec: "stripped of characters other than space-to-backslash range, dot, letters, digits". */
export function applyInputFilter(value: string): string {
  return value.toUpperCase().replace(/[^\x20-\x5C.A-Z0-9]/g, "");
}

/** "YYYY-MM-DD" naming a day of the calendar (2024-02-30 does not). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** spec: "Short text max 7 characters, no umlauts or special characters". */
const SHORT_TEXT = /^[A-Za-z0-9 .\-/]*$/;
/** spec: "Long text max 19, no umlauts": printable ASCII only. */
const LONG_TEXT = /^[\x20-\x7E]*$/;
const ISO_DATETIME = z.iso.datetime({ offset: true });
const FORMATS: Record<string, { test: (value: string) => boolean; message: string }> = {
  url: { test: (v) => /^https?:\/\/\S+$/.test(v), message: VALIDATION_KEYS.url },
  // The incident monitors' rule: 0x and one to four hex digits (rules/criterion.ts).
  criterion: { test: isCriterion, message: VALIDATION_KEYS.criterion },
  // Its own message: "invalid format (color)" left a user who typed "grün" guessing.
  color: { test: (v) => /^#[0-9A-Fa-f]{6}$/.test(v), message: VALIDATION_KEYS.colour },
  date: { test: isCalendarDate, message: VALIDATION_KEYS.format },
  datetime: { test: (v) => ISO_DATETIME.safeParse(v).success, message: VALIDATION_KEYS.format },
  short_text: { test: (v) => SHORT_TEXT.test(v), message: VALIDATION_KEYS.format },
  long_text: { test: (v) => LONG_TEXT.test(v), message: VALIDATION_KEYS.format },
};
const EMAIL = z.email();

/** A missing or null value of a field that is not required: its default. */
function optional<T extends z.ZodType>(schema: T, fallback: unknown): z.ZodType {
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional().default(fallback as never));
}

function textSchema(field: TextField): z.ZodType {
  const max =
    field.format === "short_text"
      ? Math.min(field.max, SHORT_TEXT_MAX_LENGTH)
      : field.format === "long_text"
        ? Math.min(field.max, LONG_TEXT_MAX_LENGTH)
        : field.max;
  // No `abort` on "required": an explicitly aborted issue would stop the entity's rules too.
  // Every later check passes an empty value instead, so "" reports "{field} is needed" only.
  let schema = z.string({ error: requiredOr(VALIDATION_KEYS.invalid) }).trim();
  if (field.required) schema = schema.min(1, { error: VALIDATION_KEYS.required });
  schema = schema.max(max, { error: VALIDATION_KEYS.max_length });
  let result: z.ZodType<string> = schema.refine((v) => !hasUnsafeCharacters(v, { multiline: field.multiline === true }), {
    error: VALIDATION_KEYS.control_characters,
    abort: true,
  });
  const nonEmpty = (check: (value: string) => boolean) => (value: string) => value === "" || check(value);
  const min = field.min;
  if (min !== undefined) {
    result = result.refine(
      nonEmpty((v) => v.length >= min),
      { error: VALIDATION_KEYS.min_length, params: { size: min } },
    );
  }
  if (field.noComma) {
    result = result.refine(
      nonEmpty((v) => !v.includes(",")),
      { error: VALIDATION_KEYS.comma_not_allowed },
    );
  }
  if (field.format === "ipv4") {
    result = result.refine(
      nonEmpty((v) => z.ipv4().safeParse(v).success),
      { error: VALIDATION_KEYS.ip },
    );
  } else if (field.format === "email") {
    result = result.refine(
      nonEmpty((v) => EMAIL.safeParse(v).success),
      { error: VALIDATION_KEYS.email },
    );
  } else if (field.format === "emails") {
    // spec: "email (several, comma-separated)"
    result = result.refine(
      nonEmpty((v) => v.split(",").every((part) => EMAIL.safeParse(part.trim()).success)),
      { error: VALIDATION_KEYS.email },
    );
  } else if (field.format) {
    const rule = FORMATS[field.format];
    if (rule) {
      result = result.refine(nonEmpty(rule.test), {
        error: rule.message,
        params: { format: field.format },
      });
    }
  }
  const filtered = field.filter === "upper" ? z.preprocess((v) => (typeof v === "string" ? applyInputFilter(v) : v), result) : result;
  return field.required ? filtered : optional(filtered, field.default ?? "");
}

function intSchema(field: IntField): z.ZodType {
  const { min, max } = field;
  const base = z.number({ error: requiredOr(VALIDATION_KEYS.numeric) }).int({ error: VALIDATION_KEYS.numeric });
  // spec: "between: must be between {min} and {max}. min: not less than {min}."
  const inRange = (v: number) => (min === undefined || v >= min) && (max === undefined || v <= max);
  const schema =
    min === undefined && max === undefined
      ? base
      : base.refine(inRange, {
          error: min !== undefined && max !== undefined ? VALIDATION_KEYS.between : min !== undefined ? VALIDATION_KEYS.min : VALIDATION_KEYS.between,
          params: { min, max },
        });
  return field.required
    ? schema
    : schema
        .nullable()
        .optional()
        .default(field.default ?? null);
}

/** The zod schema of one field's input value. */
export function fieldSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case "text":
      return textSchema(field);
    case "int":
      return intSchema(field);
    case "bool":
      return z
        .boolean({ error: VALIDATION_KEYS.invalid })
        .optional()
        .default(field.default ?? false);
    case "enum": {
      const schema = z.enum(field.values as [string, ...string[]], { error: requiredOr(VALIDATION_KEYS.one_option_required) });
      return field.required ? schema : optional(schema, field.default ?? null);
    }
    case "time":
      return timeSchema(field.required === true, field.default ?? null);
    case "ref": {
      const id = z
        .number({ error: requiredOr(VALIDATION_KEYS.one_option_required) })
        .refine((v) => Number.isInteger(v) && v > 0, { error: VALIDATION_KEYS.invalid });
      return field.required
        ? id
        : id
            .nullable()
            .optional()
            .default(field.default ?? null);
    }
    case "refs": {
      let list = z.array(z.unknown(), { error: requiredOr(VALIDATION_KEYS.invalid) });
      if (field.required) list = list.min(1, { error: VALIDATION_KEYS.one_option_required });
      // Every id list has a bound (32,766 ids gave INTERNAL from the database).
      list = list.max(field.max ?? ID_LIST_MAX, { error: VALIDATION_KEYS.list_too_long });
      // Issues name the field, not an element. spec: "Node selection: each element assigned once."
      const ids = list.superRefine((values, ctx) => {
        if (!values.every((v) => typeof v === "number" && Number.isInteger(v) && v > 0)) {
          ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.invalid });
        } else if (new Set(values).size !== values.length) {
          ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.duplicate });
        }
      });
      return field.required ? ids : optional(ids, []);
    }
    case "file": {
      const path = z
        .string({ error: requiredOr(VALIDATION_KEYS.invalid) })
        .trim()
        .max(255, { error: VALIDATION_KEYS.max_length });
      return field.required ? path.min(1, { error: VALIDATION_KEYS.required }) : optional(path, null);
    }
  }
}

/**
 * A time of day: "HH:MM" or minutes in, minutes out. A missing, null or empty value is "needed"
 * when required, else the default.
 */
function timeSchema(required: boolean, fallback: number | null): z.ZodType {
  const minutes = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === "") {
      if (!required) return fallback;
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.required });
      return z.NEVER;
    }
    const parsed = parseTimeOfDay(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.format, params: { format: "HH:MM" } });
      return z.NEVER;
    }
    return parsed;
  });
  // Without the default, a missing key of an optional time fails zod's object check.
  return required ? minutes : minutes.optional().default(fallback);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The input schema of a whole record (an update is completed from the stored record first, on the server). Unknown keys fail. */
export function entitySchema(entity: EntityDef): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    // Files are set only by their upload (the server stores the content and names the path):
    // a path typed into create/update could point anywhere, and a missing one would clear it.
    if (field.kind === "file") continue;
    // The parent field of a child entity is filled by the parent's editor, not shown, but sent.
    if (field.form === false && name !== entity.parent?.field) continue;
    shape[name] = fieldSchema(field);
  }
  if (entity.sortable) shape["sort_order"] = z.number().int().min(0).max(100000).optional();
  const object = z.object(shape).strict();
  const rules = entity.rules ?? [];
  if (rules.length === 0) return object;
  // Rules run even when other fields fail, so a form shows every message at once; they see only
  // the fields that passed, and a field keeps its own (first) message.
  return object.superRefine(
    (data, ctx) => {
      const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? "")));
      const passed = Object.fromEntries(Object.entries(data).filter(([name]) => !failed.has(name)));
      for (const rule of rules) {
        for (const issue of rule(passed)) {
          if (failed.has(issue.field)) continue;
          ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message, params: issue.data ?? {} });
        }
      }
    },
    { when: (payload) => isRecord(payload.value) },
  );
}
