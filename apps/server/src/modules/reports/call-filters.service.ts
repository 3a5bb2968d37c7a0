import {
  callFilterSchema,
  fieldErrors,
  hasPermission,
  hasWritePermission,
  VALIDATION_KEYS,
  type CallFilterInput,
  type CallFilterState,
  type CallFilterRange,
} from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { CallFiltersTable, Database } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * Saved call filters (spec data §3.4; routes /log/filters, /log/filters/edit/:id?). Per system,
 * names unique per system. Who may do what (docs/decisions/023-saved-call-filters-and-reports.md):
 * - read: calllog::use_module, own filters and the ones others shared;
 * - create: calllog::use_module at write; the creator owns the filter;
 * - edit, delete: the owner, or a holder of admin::manage_reports at write (superusers included).
 */
export interface CallFilterView {
  id: number;
  system_id: number;
  owner_user_id: number;
  name: string;
  shared: boolean;
  range: CallFilterRange;
  custom_from: string | null;
  custom_to: string | null;
  call_type_ids: number[];
  section_ids: number[];
  node_ids: number[];
  state: CallFilterState;
  min_duration: number | null;
  can_edit: boolean;
}

type StoredFilter = Selectable<CallFiltersTable>;

const ids = (json: string): number[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
};
const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toCallFilter(row: StoredFilter, ctx?: RequestContext): CallFilterView {
  return {
    id: row.id,
    system_id: row.system_id,
    owner_user_id: row.owner_user_id,
    name: row.name,
    shared: Boolean(row.shared),
    range: row.range as CallFilterRange,
    custom_from: isoOrNull(row.custom_from),
    custom_to: isoOrNull(row.custom_to),
    call_type_ids: ids(row.call_type_ids),
    section_ids: ids(row.section_ids),
    node_ids: ids(row.node_ids),
    state: row.state as CallFilterState,
    min_duration: row.min_duration,
    can_edit: ctx ? mayEdit(ctx, row) : false,
  };
}

function mayEdit(ctx: RequestContext, row: StoredFilter): boolean {
  return row.owner_user_id === ctx.user.id || hasWritePermission(ctx.user, "admin::manage_reports");
}

const validationFailed = (fields: FieldErrors): AppError => new AppError("VALIDATION", "Validation failed", { fields });

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

/** Reads a filter the user may see (own or shared), else NOT_FOUND (no hint that it exists). */
export async function findVisibleFilter(ctx: RequestContext, id: number): Promise<StoredFilter> {
  const row = await ctx.db.kysely.selectFrom("call_filters").selectAll().where("system_id", "=", ctx.systemId).where("id", "=", id).executeTakeFirst();
  if (!row || !(row.shared || row.owner_user_id === ctx.user.id || hasPermission(ctx.user, "admin::manage_reports"))) {
    throw new AppError("NOT_FOUND", `call filter ${id} not found`);
  }
  return row;
}

export async function callFilters(ctx: RequestContext): Promise<CallFilterView[]> {
  let query = ctx.db.kysely.selectFrom("call_filters").selectAll().where("system_id", "=", ctx.systemId);
  if (!hasPermission(ctx.user, "admin::manage_reports")) {
    query = query.where((eb) => eb.or([eb("owner_user_id", "=", ctx.user.id), eb("shared", "=", 1)]));
  }
  return (await query.orderBy("name").execute()).map((row) => toCallFilter(row, ctx));
}

export async function callFilter(ctx: RequestContext, id: number): Promise<CallFilterView> {
  return toCallFilter(await findVisibleFilter(ctx, id), ctx);
}

/** Ids of the system's records among `wanted` that do not exist: "Unknown ids → per-field VALIDATION error". */
async function unknownIds(db: Kysely<Database>, systemId: number, table: "call_types" | "sections" | "system_tree_nodes", wanted: number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const found =
    table === "system_tree_nodes"
      ? await db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", systemId).where("id", "in", wanted).execute()
      : await entityTables(db).selectFrom(table).select("id").where("system_id", "=", systemId).where("id", "in", wanted).execute();
  const known = new Set(found.map((r) => Number(r.id)));
  return wanted.filter((id) => !known.has(id));
}

async function checkReferences(ctx: RequestContext, db: Kysely<Database>, input: CallFilterInput, exceptId: number | null): Promise<void> {
  const fields: FieldErrors = {};
  const checks = [
    ["call_type_ids", "call_types", input.call_type_ids],
    ["section_ids", "sections", input.section_ids],
    ["node_ids", "system_tree_nodes", input.node_ids],
  ] as const;
  for (const [field, table, wanted] of checks) {
    const missing = await unknownIds(db, ctx.systemId, table, [...new Set(wanted)]);
    // spec §5 "no_match": the value matches no record; `value` names the unknown ids.
    if (missing.length > 0) fields[field] = [{ message: VALIDATION_KEYS.no_match, data: { field, value: missing.join(", ") } }];
  }
  let taken = db.selectFrom("call_filters").select("id").where("system_id", "=", ctx.systemId).where("name", "=", input.name);
  if (exceptId !== null) taken = taken.where("id", "<>", exceptId);
  if (await taken.executeTakeFirst()) fields["name"] = [{ message: VALIDATION_KEYS.unique, data: { field: "name" } }];
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

function columnsOf(input: CallFilterInput): Omit<StoredFilter, "id" | "system_id" | "owner_user_id" | "created_at" | "updated_at"> {
  const custom = input.range === "CUSTOM";
  return {
    name: input.name,
    shared: input.shared ? 1 : 0,
    range: input.range,
    custom_from: custom && input.custom_from ? Date.parse(input.custom_from) : null,
    custom_to: custom && input.custom_to ? Date.parse(input.custom_to) : null,
    call_type_ids: JSON.stringify([...new Set(input.call_type_ids)]),
    section_ids: JSON.stringify([...new Set(input.section_ids)]),
    node_ids: JSON.stringify([...new Set(input.node_ids)]),
    state: input.state,
    min_duration: input.min_duration ? input.min_duration : null,
  };
}

const AUDITED = ["name", "shared", "range", "custom_from", "custom_to", "call_type_ids", "section_ids", "node_ids", "state", "min_duration"] as const;

function changesOf(before: StoredFilter | null, after: StoredFilter | null): { field: string; value_old: unknown; value_new: unknown }[] {
  return AUDITED.filter((field) => before?.[field] !== after?.[field]).map((field) => ({
    field,
    value_old: before?.[field] ?? null,
    value_new: after?.[field] ?? null,
  }));
}

/** A unique-index violation from either dialect: two saves of one name that raced past the check. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e.message ?? "");
}

async function audited<T>(ctx: RequestContext, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.kysely.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ name: [{ message: VALIDATION_KEYS.unique, data: { field: "name" } }] });
    throw error;
  }
}

export async function createCallFilter(ctx: RequestContext, data: unknown): Promise<CallFilterView> {
  const input = parse(callFilterSchema, data);
  const now = ctx.now();
  return audited(ctx, async (trx) => {
    await checkReferences(ctx, trx, input, null);
    const row = await trx
      .insertInto("call_filters")
      .values({ ...columnsOf(input), system_id: ctx.systemId, owner_user_id: ctx.user.id, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      systemId: ctx.systemId,
      userId: ctx.user.id,
      now,
      entityType: "callFilter",
      entityId: row.id,
      entityDisplayName: row.name,
      action: "created",
      changes: changesOf(null, row),
    });
    return toCallFilter(row, ctx);
  });
}

async function editableFilter(ctx: RequestContext, trx: Kysely<Database>, id: number): Promise<StoredFilter> {
  const row = await trx.selectFrom("call_filters").selectAll().where("system_id", "=", ctx.systemId).where("id", "=", id).executeTakeFirst();
  if (!row || !(row.shared || row.owner_user_id === ctx.user.id || hasPermission(ctx.user, "admin::manage_reports"))) {
    throw new AppError("NOT_FOUND", `call filter ${id} not found`);
  }
  if (!mayEdit(ctx, row)) throw new AppError("MISSING_PERMISSION", "Access denied");
  return row;
}

export async function updateCallFilter(ctx: RequestContext, id: number, data: unknown): Promise<CallFilterView> {
  const input = parse(callFilterSchema, data);
  const now = ctx.now();
  return audited(ctx, async (trx) => {
    const before = await editableFilter(ctx, trx, id);
    await checkReferences(ctx, trx, input, id);
    const row = await trx
      .updateTable("call_filters")
      .set({ ...columnsOf(input), updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = changesOf(before, row);
    if (changes.length > 0) {
      await writeAudit(trx, {
        systemId: ctx.systemId,
        userId: ctx.user.id,
        now,
        entityType: "callFilter",
        entityId: id,
        entityDisplayName: row.name,
        action: "updated",
        changes,
      });
    }
    return toCallFilter(row, ctx);
  });
}

export async function deleteCallFilter(ctx: RequestContext, id: number): Promise<CallFilterView> {
  const now = ctx.now();
  return audited(ctx, async (trx) => {
    const before = await editableFilter(ctx, trx, id);
    // Its subscriptions go with it (foreign key cascade; deleted explicitly for SQLite connections without foreign keys).
    await trx.deleteFrom("report_subscriptions").where("filter_id", "=", id).execute();
    await trx.deleteFrom("call_filters").where("id", "=", id).execute();
    await writeAudit(trx, {
      systemId: ctx.systemId,
      userId: ctx.user.id,
      now,
      entityType: "callFilter",
      entityId: id,
      entityDisplayName: before.name,
      action: "deleted",
      changes: changesOf(before, null),
    });
    return toCallFilter(before, ctx);
  });
}
