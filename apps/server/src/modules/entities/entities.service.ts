import { ENTITIES, entitySchema, fieldErrors, type EntityDef, type FieldDef } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { removeStoredFile } from "../files/file-store.ts";
import { fromColumn, toColumn } from "./entity-columns.ts";
import { SERVER_RULES } from "./server-rules.ts";
import { announceOverrideChange, syncOverrideMarks } from "./display-group-overrides.service.ts";
import { assertConfigEditable, markConfigChanged } from "../config-sync/commit-guard.ts";
import { ENTITY_COLLECTIONS } from "@caresuite/protocol";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import {
  allRows,
  countRows,
  deleteRows,
  findDuplicate,
  findDuplicateCombination,
  findRow,
  findRows,
  freeId,
  insertRow,
  isUniqueViolation,
  listRows,
  nextId,
  updateRow,
  type Row,
} from "./entities.repo.ts";

/**
 * Generic behaviour of registry entities: list, get, create, update, delete, sort. Validation is
 * the entity's zod schema (the same the form runs) plus what needs the database: uniqueness,
 * references within the same system, the maximum count. Every change is audited field by field
 * in its transaction.
 */

export type ApiRecord = Record<string, unknown> & { id: number };

export interface ListFilter {
  search?: string | null;
  sort?: string | null;
  direction?: "ASC" | "DESC" | null;
  offset?: number | null;
  limit?: number | null;
  /** Only for child entities: the parent record whose children are listed. */
  parent_id?: number | null;
}

const MAX_PAGE = 200;

const systemOf = (entity: EntityDef, ctx: RequestContext): number | null => (entity.systemScoped ? ctx.systemId : null);

/**
 * spec §7 push subjects "schedule.updated, displaygroup.updated ... displaynote.updated": displays
 * refetch their configuration (or reload for notes) when these entities change.
 */
const CHANGE_SUBJECTS: Record<string, "schedule.updated" | "displaygroup.updated" | "displaynote.updated"> = {
  schedule: "schedule.updated",
  displayGroup: "displaygroup.updated",
  displayGroupConnection: "displaygroup.updated",
  displayNote: "displaynote.updated",
  // An override changes which boards show a section's calls (docs/decisions/022).
  displayGroupOverride: "displaygroup.updated",
};

/**
 * Work an entity's change needs inside its transaction (after the write): the overrides set the
 * marks of their sections and nodes. Returns the ids of the tree nodes it changed.
 */
const IN_TRANSACTION: Record<string, (db: Kysely<Database>, systemId: number) => Promise<number[]>> = {
  displayGroupOverride: syncOverrideMarks,
};

async function inTransaction(trx: Kysely<Database>, entity: EntityDef, systemId: number | null): Promise<number[]> {
  const work = IN_TRANSACTION[entity.name];
  return work && systemId !== null ? work(trx, systemId) : [];
}

/** Entities that are part of the configuration published to the call system (and the overrides, which change it). */
const isConfigEntity = (entity: EntityDef): boolean =>
  entity.name === "displayGroupOverride" || Object.values(ENTITY_COLLECTIONS).some((configured) => configured.name === entity.name);

/** Configuration changes wait while a publish runs (commit-guard.ts); other entities are free. */
async function assertEditable(ctx: RequestContext, entity: EntityDef): Promise<void> {
  if (isConfigEntity(entity)) await assertConfigEditable(ctx);
}

async function announceChange(ctx: RequestContext, entity: EntityDef, nodeIds: number[] = []): Promise<void> {
  if (entity.name === "displayGroupOverride") await announceOverrideChange(ctx, nodeIds);
  else if (isConfigEntity(entity)) await markConfigChanged(ctx);
  const subject = CHANGE_SUBJECTS[entity.name];
  if (subject) {
    await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage(subject, { system_id: systemOf(entity, ctx) }));
  }
}

/** A stored row as the API returns it: secrets replaced by `<field>_set`. */
export function toApi(entity: EntityDef, row: Row): ApiRecord {
  const out: ApiRecord = { id: row.id };
  if (entity.sortable) out["sort_order"] = Number(row["sort_order"]);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret) out[`${name}_set`] = typeof row[name] === "string" && row[name] !== "";
    else out[name] = fromColumn(field, row[name]);
  }
  return out;
}

export async function listRecords(ctx: RequestContext, entity: EntityDef, filter: ListFilter = {}): Promise<{ items: ApiRecord[]; total: number }> {
  const sortable = new Set(["id", ...(entity.sortable ? ["sort_order"] : []), ...Object.keys(entity.fields).filter((f) => !entity.fields[f]?.secret)]);
  const defaultSort = entity.defaultSort?.field ?? (entity.sortable ? "sort_order" : entity.displayField);
  const sort = filter.sort && sortable.has(filter.sort) ? filter.sort : defaultSort;
  const direction = (filter.direction ?? entity.defaultSort?.direction?.toUpperCase() ?? "ASC") === "DESC" ? "desc" : "asc";
  const { items, total } = await listRows(ctx.db.kysely, entity, {
    systemId: systemOf(entity, ctx),
    search: (filter.search ?? "").trim().slice(0, 100),
    sort,
    direction,
    offset: Math.max(0, filter.offset ?? 0),
    limit: Math.min(MAX_PAGE, Math.max(1, filter.limit ?? 25)),
    parent: entity.parent && typeof filter.parent_id === "number" ? { field: entity.parent.field, id: filter.parent_id } : null,
  });
  return { items: items.map((row) => toApi(entity, row)), total };
}

export async function getRecord(ctx: RequestContext, entity: EntityDef, id: number): Promise<ApiRecord> {
  const row = await findRow(ctx.db.kysely, entity, systemOf(entity, ctx), id);
  if (!row) throw new AppError("NOT_FOUND", `${entity.name} ${id} not found`);
  return toApi(entity, row);
}

export function addError(errors: FieldErrors, field: string, message: string, data: Record<string, unknown> = {}): void {
  (errors[field] ??= []).push({ message, data: { field, ...data } });
}

/** References must point at records of the same system (or be a sentinel of the field). */
async function checkReferences(
  db: Kysely<Database>,
  ctx: RequestContext,
  entity: EntityDef,
  data: Record<string, unknown>,
  errors: FieldErrors,
): Promise<void> {
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== "ref" && field.kind !== "refs") continue;
    const target = ENTITIES.find((e) => e.name === field.entity);
    if (!target) continue;
    const sentinels = new Set(field.kind === "ref" ? (field.sentinels ?? []).map((s) => s.id) : []);
    const value = data[name];
    const ids = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).filter(
      (id): id is number => typeof id === "number" && !sentinels.has(id),
    );
    const unique = [...new Set(ids)];
    const found = await findRows(db, target, target.systemScoped ? ctx.systemId : null, unique);
    if (found.length !== unique.length) addError(errors, name, "validation.invalid");
  }
}

async function validate(ctx: RequestContext, entity: EntityDef, input: unknown, existing: Row | null): Promise<Record<string, unknown>> {
  const parsed = entitySchema(entity).safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const data = parsed.data;
  const errors: FieldErrors = {};
  const db = ctx.db.kysely;
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = data[name];
    if (field.unique && typeof value === "string" && value !== "") {
      if (await findDuplicate(db, entity, systemOf(entity, ctx), name, value, existing?.id ?? null)) {
        addError(errors, name, "validation.unique");
      }
    }
    // Secrets: empty on update keeps the stored one; required ones are needed on create.
    if (field.secret && (value === "" || value === undefined)) {
      if (existing) delete data[name];
      else if (field.required) addError(errors, name, "validation.required");
    }
  }
  // spec: "duplicate: a record with same values exists."
  for (const group of entity.uniqueTogether ?? []) {
    const values = Object.fromEntries(group.map((field) => [field, toColumn(entity.fields[field] as FieldDef, data[field])]));
    if (await findDuplicateCombination(db, entity, systemOf(entity, ctx), values, existing?.id ?? null)) {
      for (const field of group) addError(errors, field, "validation.duplicate");
    }
  }
  await checkReferences(db, ctx, entity, data, errors);
  for (const rule of SERVER_RULES[entity.name] ?? []) await rule(ctx, data, errors, existing);
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", "Validation failed", { fields: errors });
  return data;
}

/**
 * Fields the server sets (not in the form, not the parent link), e.g. a hub's status: a new record
 * starts with their defaults (a hub was "Unknown" until it reports; without it the insert failed).
 */
function serverSetDefaults(entity: EntityDef): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (field.form !== false || name === entity.parent?.field || field.kind === "file") continue;
    const fallback = "default" in field ? field.default : undefined;
    if (fallback !== undefined) values[name] = toColumn(field, fallback);
  }
  return values;
}

function columns(entity: EntityDef, data: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (name in data) values[name] = toColumn(field, data[name]);
  }
  if (entity.sortable && typeof data["sort_order"] === "number") values["sort_order"] = data["sort_order"];
  return values;
}

/**
 * Field-level audit changes between two API views. Secrets are never logged: a written secret
 * shows as "***" (`secretsWritten` names the secrets the input set).
 */
function changes(
  entity: EntityDef,
  before: ApiRecord | null,
  after: ApiRecord | null,
  secretsWritten: readonly string[] = [],
): { field: string; value_old: unknown; value_new: unknown }[] {
  const result: { field: string; value_old: unknown; value_new: unknown }[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret) {
      const wasSet = before?.[`${name}_set`] === true;
      if (secretsWritten.includes(name) || (after === null && wasSet)) {
        result.push({ field: name, value_old: wasSet ? "***" : null, value_new: after ? "***" : null });
      }
      continue;
    }
    const old = before?.[name] ?? null;
    const now = after?.[name] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(now)) result.push({ field: name, value_old: old, value_new: now });
  }
  return result;
}

const writtenSecrets = (entity: EntityDef, data: Record<string, unknown>): string[] =>
  Object.entries(entity.fields)
    .filter(([name, f]) => f.secret && typeof data[name] === "string" && data[name] !== "")
    .map(([name]) => name);

function displayName(entity: EntityDef, record: ApiRecord): string {
  return String(record[entity.displayField] ?? record.id);
}

/**
 * The id of a new record, or undefined where the table assigns it (entities that are not
 * system-scoped). System-scoped ids are the controller's, unique per system
 * (docs/decisions/005-per-system-ids.md): the smallest free one up to `idLimit`, else one above
 * the system's highest.
 */
async function newRecordId(db: Kysely<Database>, entity: EntityDef, systemId: number | null): Promise<number | undefined> {
  if (entity.idLimit !== undefined) {
    const id = await freeId(db, entity, systemId, entity.idLimit);
    if (id === null) throw new AppError("CONFLICT", `max reached for ${entity.plural}`, { reason: "max_reached" });
    return id;
  }
  return entity.systemScoped ? nextId(db, entity, systemId) : undefined;
}

export async function createRecord(ctx: RequestContext, entity: EntityDef, input: unknown): Promise<ApiRecord> {
  await assertEditable(ctx, entity);
  const data = await validate(ctx, entity, input, null);
  const systemId = systemOf(entity, ctx);
  if (entity.maxCount !== undefined && (await countRows(ctx.db.kysely, entity, systemId)) >= entity.maxCount) {
    throw new AppError("CONFLICT", `max reached for ${entity.plural}`, { reason: "max_reached" });
  }
  const now = ctx.now();
  const insert = () =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      const id = await newRecordId(trx, entity, systemId);
      const row = await insertRow(trx, entity, {
        ...(id === undefined ? {} : { id }),
        ...serverSetDefaults(entity),
        ...columns(entity, data),
        ...(entity.systemScoped ? { system_id: systemId } : {}),
        created_at: now,
        updated_at: now,
      });
      const record = toApi(entity, row);
      await writeAudit(trx, {
        systemId,
        userId: ctx.user.id,
        now,
        entityType: entity.name,
        entityId: record.id,
        entityDisplayName: displayName(entity, record),
        action: "created",
        changes: changes(entity, null, record, writtenSecrets(entity, data)),
      });
      return { record, nodeIds: await inTransaction(trx, entity, systemId) };
    });
  const created = await insert().catch(async (error: unknown) => {
    // Two creates in one system may choose the same id (PostgreSQL, read committed): the later
    // insert fails on the key. Once more with a fresh id; a second collision is a CONFLICT.
    if (!isUniqueViolation(error)) throw error;
    return insert().catch((again: unknown) => {
      throw isUniqueViolation(again) ? new AppError("CONFLICT", `${entity.name} was created concurrently`, { reason: "concurrent_change" }) : again;
    });
  });
  await announceChange(ctx, entity, created.nodeIds);
  return created.record;
}

/**
 * An update names what it changes: a field it leaves out keeps its stored value (an integration
 * that sends only a section's name must not reset the section's schedule and groups), and one
 * it sends as null (`cleared`) goes back to its default. Secrets keep theirs by being left empty
 * (see validate); files change only by their upload.
 */
function withStoredValues(entity: EntityDef, existing: Row, input: unknown, cleared: ReadonlySet<string>): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const stored = toApi(entity, existing);
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === "file" || field.secret || name in input || cleared.has(name)) continue;
    if (field.form === false && name !== entity.parent?.field) continue;
    const value = stored[name];
    if (value !== null && value !== undefined) kept[name] = value;
  }
  return { ...kept, ...input };
}

export async function updateRecord(
  ctx: RequestContext,
  entity: EntityDef,
  id: number,
  input: unknown,
  cleared: ReadonlySet<string> = new Set(),
): Promise<ApiRecord> {
  await assertEditable(ctx, entity);
  const systemId = systemOf(entity, ctx);
  const existing = await findRow(ctx.db.kysely, entity, systemId, id);
  if (!existing) throw new AppError("NOT_FOUND", `${entity.name} ${id} not found`);
  const data = await validate(ctx, entity, withStoredValues(entity, existing, input, cleared), existing);
  const now = ctx.now();
  const updated = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await updateRow(trx, entity, systemId, id, { ...columns(entity, data), updated_at: now });
    const before = toApi(entity, existing);
    const record = toApi(entity, row);
    const changed = changes(entity, before, record, writtenSecrets(entity, data));
    if (changed.length > 0) {
      await writeAudit(trx, {
        systemId,
        userId: ctx.user.id,
        now,
        entityType: entity.name,
        entityId: id,
        entityDisplayName: displayName(entity, record),
        action: "updated",
        changes: changed,
      });
    }
    return { record, nodeIds: await inTransaction(trx, entity, systemId) };
  });
  await announceChange(ctx, entity, updated.nodeIds);
  return updated.record;
}

/** Records of any registry entity that reference one of `ids` of `entity` (same system). */
async function referencedBy(ctx: RequestContext, entity: EntityDef, ids: number[]): Promise<string[]> {
  const users: string[] = [];
  for (const other of ENTITIES) {
    const fields = Object.entries(other.fields).filter(([, f]) => (f.kind === "ref" || f.kind === "refs") && f.entity === entity.name);
    if (fields.length === 0) continue;
    const rows = await allRows(ctx.db.kysely, other, other.systemScoped ? ctx.systemId : null);
    for (const row of rows) {
      const record = toApi(other, row);
      const uses = fields.some(([name]) => {
        const value = record[name];
        return Array.isArray(value) ? value.some((v) => ids.includes(v as number)) : ids.includes(value as number);
      });
      if (uses && !(other === entity && ids.includes(record.id))) users.push(`${other.name}:${displayName(other, record)}`);
    }
  }
  return users;
}

export async function deleteRecords(ctx: RequestContext, entity: EntityDef, ids: number[]): Promise<{ id: number; name: string }[]> {
  await assertEditable(ctx, entity);
  const systemId = systemOf(entity, ctx);
  const rows = await findRows(ctx.db.kysely, entity, systemId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw new AppError("NOT_FOUND", `${entity.name} not found`);
  const users = await referencedBy(ctx, entity, ids);
  if (users.length > 0) {
    throw new AppError("CONFLICT", `in use by ${users.slice(0, 5).join(", ")}`, { reason: "in_use" });
  }
  const now = ctx.now();
  const deleted = await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteRows(trx, entity, systemId, ids);
    const removed: { id: number; name: string }[] = [];
    for (const row of rows) {
      const record = toApi(entity, row);
      await writeAudit(trx, {
        systemId,
        userId: ctx.user.id,
        now,
        entityType: entity.name,
        entityId: record.id,
        entityDisplayName: displayName(entity, record),
        action: "deleted",
        changes: changes(entity, record, null),
      });
      removed.push({ id: record.id, name: displayName(entity, record) });
    }
    return { removed, nodeIds: await inTransaction(trx, entity, systemId) };
  });
  // Uploaded files of deleted records go once the deletion is committed.
  const fileFields = Object.entries(entity.fields)
    .filter(([, field]) => field.kind === "file")
    .map(([name]) => name);
  for (const row of rows) for (const name of fileFields) await removeStoredFile(ctx.config.DATA_DIR, row[name]);
  await announceChange(ctx, entity, deleted.nodeIds);
  return deleted.removed;
}

/** spec route table "calltypes (+sort)": the order of `ids` becomes sort_order 0..n-1. */
export async function sortRecords(ctx: RequestContext, entity: EntityDef, ids: number[]): Promise<boolean> {
  await assertEditable(ctx, entity);
  if (!entity.sortable) throw new AppError("VALIDATION", `${entity.name} cannot be sorted`);
  const systemId = systemOf(entity, ctx);
  const all = await allRows(ctx.db.kysely, entity, systemId);
  const known = new Set(all.map((r) => r.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw new AppError("VALIDATION", "The order must list every record once", {
      fields: { ids: [{ message: "validation.invalid", data: { field: "ids" } }] },
    });
  }
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = new Map(all.map((r) => [r.id, Number(r["sort_order"])]));
    for (const [position, id] of ids.entries()) {
      if (before.get(id) === position) continue;
      await updateRow(trx, entity, systemId, id, { sort_order: position, updated_at: now });
      await writeAudit(trx, {
        systemId,
        userId: ctx.user.id,
        now,
        entityType: entity.name,
        entityId: id,
        action: "updated",
        entityDisplayName: String(all.find((r) => r.id === id)?.[entity.displayField] ?? id),
        changes: [{ field: "sort_order", value_old: before.get(id), value_new: position }],
      });
    }
  });
  await announceChange(ctx, entity);
  return true;
}
