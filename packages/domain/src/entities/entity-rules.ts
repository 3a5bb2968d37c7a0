import { VALIDATION_KEYS } from "../validation-messages.ts";
import type { EntityRule } from "./define.ts";

/**
 * Reusable cross-field rules (spec data §5). A rule sees only the fields that passed their own
 * validation (entitySchema), so a value here is already of its field's type or absent.
 */

type Issue = ReturnType<EntityRule>[number];

const numberOf = (data: Record<string, unknown>, field: string): number | null => {
  const value = data[field];
  return typeof value === "number" ? value : null;
};

const isGiven = (value: unknown): boolean => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * spec: "Schedule: two to five steps, times ascending" and "time_overlap: time must be later than
 * the previous". Steps fill from the first: a gap before a later time is "{field} is needed";
 * a time not after the previous one is a time_overlap. (How many are needed is the fields'
 * `required` flags.)
 */
export function ascendingSteps(fields: readonly string[]): EntityRule {
  return (data) => {
    const issues: Issue[] = [];
    const values = fields.map((field) => numberOf(data, field));
    const last = values.findLastIndex((value) => value !== null);
    let previous: number | null = null;
    values.forEach((value, index) => {
      const field = fields[index] ?? "";
      if (value === null) {
        if (index < last && data[field] === null) issues.push({ field, message: VALIDATION_KEYS.required });
        return;
      }
      if (previous !== null && value <= previous) issues.push({ field, message: VALIDATION_KEYS.time_overlap });
      previous = value;
    });
    return issues;
  };
}

/**
 * spec: "date_after: start date must be before end date". Both given and end not after start:
 * reported on the end field. Compares numbers (times in minutes) and ISO strings (dates).
 */
export function startBeforeEnd(start: string, end: string): EntityRule {
  return (data) => {
    const from = data[start];
    const until = data[end];
    if (!isGiven(from) || !isGiven(until) || typeof from !== typeof until) return [];
    const ordered = typeof from === "number" ? from < Number(until) : String(from) < String(until);
    return ordered ? [] : [{ field: end, message: VALIDATION_KEYS.date_after }];
  };
}

/**
 * spec: "cannot_be_same". Two ref fields naming the same record, or two refs lists sharing one;
 * reported on `second`.
 */
export function notSame(first: string, second: string): EntityRule {
  return (data) => {
    const a = data[first];
    const b = data[second];
    if (!isGiven(a) || !isGiven(b)) return [];
    const shared = Array.isArray(a) && Array.isArray(b) ? a.some((id) => b.includes(id)) : a === b;
    return shared ? [{ field: second, message: VALIDATION_KEYS.cannot_be_same }] : [];
  };
}

/** spec "required: {field} is needed", when the boolean `flag` is on (e.g. outbound url). */
export function requiredWhen(field: string, flag: string): EntityRule {
  return (data) => (data[flag] === true && !isGiven(data[field]) ? [{ field, message: VALIDATION_KEYS.required }] : []);
}
