import { entitySchema, formatTimeOfDay, SCHEDULE_STEP_FIELDS, DEFAULT_SORT_ORDER, type EntityDef } from "@caresuite/domain";
import type { z } from "zod";
import { ENTITY_COLLECTIONS, type EntityCollection, type EntityRecord } from "../config.ts";
import { PublishError } from "./publish-error.ts";

/**
 * Validates and normalises the records of the registry collections with the domain's own entity
 * schemas (ARCHITECTURE «Entity registry»: define once), so the controller accepts exactly what the server's forms do.
 */

const isPositiveInt = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value > 0;

/** spec: "Max reached for call types, schedules, configurators". */
function checkCount(collection: EntityCollection, entity: EntityDef, count: number): void {
  if (entity.maxCount !== undefined && count > entity.maxCount) {
    throw new PublishError("invalid config", `max reached for ${collection}: ${count} > ${entity.maxCount}`);
  }
}

/** The entity's input fields: those its form edits, plus a child's parent field. */
function inputFields(entity: EntityDef): Set<string> {
  const names = Object.entries(entity.fields)
    .filter(([name, field]) => field.form !== false || name === entity.parent?.field)
    .map(([name]) => name);
  if (entity.sortable) names.push("sort_order");
  return new Set(names);
}

const SCHEDULE_FIELDS = new Set<string>([...SCHEDULE_STEP_FIELDS, "interval"]);

function failure(collection: EntityCollection, id: number, issue: z.core.$ZodIssue): PublishError {
  const field = String(issue.path[0] ?? "");
  const detail = `${collection} ${id}: ${field || "record"} (${issue.message})`;
  // spec wording: a schedule's steps or interval are an "invalid schedule interval".
  return new PublishError(collection === "schedules" && SCHEDULE_FIELDS.has(field) ? "invalid schedule interval" : "invalid value", detail);
}

function normalise(collection: EntityCollection, entity: EntityDef, id: number, parsed: Record<string, unknown>): EntityRecord {
  const record: EntityRecord = { id, ...parsed };
  // Write-only fields (hub passwords) are taken and not kept: the simulated hubs need no login.
  for (const [name, field] of Object.entries(entity.fields)) if (field.secret) delete record[name];
  if (entity.sortable && typeof record["sort_order"] !== "number") record["sort_order"] = DEFAULT_SORT_ORDER;
  if (collection === "schedules") {
    // The domain stores minutes; the protocol speaks "HH:MM" like the API (schedule.ts).
    for (const field of SCHEDULE_STEP_FIELDS) {
      const value = record[field];
      record[field] = typeof value === "number" ? formatTimeOfDay(value) : null;
    }
  }
  return record;
}

/** One collection: ids present and unique, each record valid for its entity; unknown keys ignored. */
export function validateCollection(collection: EntityCollection, input: readonly Record<string, unknown>[]): EntityRecord[] {
  const entity: EntityDef = ENTITY_COLLECTIONS[collection];
  checkCount(collection, entity, input.length);
  const schema = entitySchema(entity);
  const accepted = inputFields(entity);
  const seen = new Set<number>();
  return input.map((raw, index) => {
    const id = raw["id"];
    if (!isPositiveInt(id)) throw new PublishError("invalid value", `${collection}[${index}]: id must be a positive integer`);
    if (seen.has(id)) throw new PublishError("invalid config", `${collection}: id ${id} used twice`);
    seen.add(id);
    const fields = Object.fromEntries(Object.entries(raw).filter(([name]) => accepted.has(name)));
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw issue ? failure(collection, id, issue) : new PublishError("invalid value", `${collection} ${id}`);
    }
    return normalise(collection, entity, id, parsed.data);
  });
}

/** spec "unique: already used" and "duplicate: a record with same values exists". */
export function checkUniqueness(collection: EntityCollection, records: readonly EntityRecord[]): void {
  const entity: EntityDef = ENTITY_COLLECTIONS[collection];
  const uniqueFields = Object.entries(entity.fields)
    .filter(([, field]) => field.unique)
    .map(([name]) => [name]);
  for (const fields of [...uniqueFields, ...(entity.uniqueTogether ?? [])]) {
    const seen = new Map<string, number>();
    for (const record of records) {
      const values = fields.map((field) => record[field]);
      if (values.some((value) => value === null || value === undefined || value === "")) continue;
      const key = JSON.stringify(values);
      const other = seen.get(key);
      if (other !== undefined) {
        throw new PublishError("invalid config", `${collection} ${other} and ${record.id}: same ${fields.join(" + ")}`);
      }
      seen.set(key, record.id);
    }
  }
}
