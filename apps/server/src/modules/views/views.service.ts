import {
  DEFAULT_SYSTEM_VIEWS,
  fieldErrors,
  ID_LIST_MAX,
  isTreeViewVisible,
  systemViewInputSchema,
  systemViewLevel,
  systemViewUpdateSchema,
  treeViewInputSchema,
  treeViewUpdateSchema,
  VALIDATION_KEYS,
  visibleSystemViews,
  type ViewLevel,
} from "@caresuite/domain";
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit, type AuditEntry } from "../audit/audit.repo.ts";
import {
  deleteSystemViewRow,
  deleteTreeViewRow,
  findSystemView,
  findTreeView,
  insertSystemView,
  insertSystemViewsIfMissing,
  insertTreeView,
  listSystemViews,
  listTreeViews,
  nameTaken,
  updateSystemViewRow,
  updateTreeViewRow,
  type StoredSystemView,
  type StoredTreeView,
} from "./views.repo.ts";

export interface SystemViewView {
  id: number;
  name: string;
  view_key: string;
  is_enabled: boolean;
  is_system_view: boolean;
  sort_order: number;
  apply_permissions: boolean;
  filters: { key: string; value: string }[];
  role_permissions: { role_id: number; level: ViewLevel | null }[];
  can_edit: boolean;
}

export interface TreeViewView {
  id: number;
  name: string;
  is_enabled: boolean;
  role_ids: number[];
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toSystemView(row: StoredSystemView): Omit<SystemViewView, "can_edit"> {
  return {
    id: row.id,
    name: row.name,
    view_key: row.view_key,
    is_enabled: Boolean(row.is_enabled),
    is_system_view: Boolean(row.is_system_view),
    sort_order: row.sort_order,
    apply_permissions: Boolean(row.apply_permissions),
    filters: parseJson(row.filters, []),
    role_permissions: parseJson<{ role_id: number; level?: ViewLevel | null }[]>(row.role_permissions, []).map((entry) => ({
      role_id: entry.role_id,
      level: entry.level ?? null,
    })),
  };
}

function toTreeView(row: StoredTreeView): TreeViewView {
  return { id: row.id, name: row.name, is_enabled: Boolean(row.is_enabled), role_ids: parseJson(row.role_ids, []) };
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

async function ensureUniqueName(ctx: RequestContext, table: "system_views" | "tree_views", name: string | undefined, exceptId: number | null): Promise<void> {
  if (name !== undefined && (await nameTaken(ctx.db.kysely, table, ctx.systemId, name, exceptId))) {
    throw new AppError("VALIDATION", "Validation failed", { fields: { name: [{ message: VALIDATION_KEYS.unique, data: { field: "name" } }] } });
  }
}

/** "Id lists of records hold at most 1,000 ids" (ARCHITECTURE «Security rules»). */
function checkIds(ids: readonly number[]): void {
  parse(z.array(z.number().int().positive()).min(1).max(ID_LIST_MAX), ids);
}

/** A system without views gets the four screens (DEFAULT_SYSTEM_VIEWS) the first time they are read. */
async function seededSystemViews(ctx: RequestContext): Promise<StoredSystemView[]> {
  const rows = await listSystemViews(ctx.db.kysely, ctx.systemId);
  if (rows.length > 0) return rows;
  const now = ctx.now();
  await insertSystemViewsIfMissing(
    ctx.db.kysely,
    DEFAULT_SYSTEM_VIEWS.map((view) => ({
      system_id: ctx.systemId,
      name: view.name,
      view_key: view.view_key,
      is_enabled: 1,
      is_system_view: view.is_system_view ? 1 : 0,
      sort_order: view.sort_order,
      apply_permissions: 0,
      filters: "[]",
      role_permissions: "[]",
      created_at: now,
      updated_at: now,
    })),
  );
  return listSystemViews(ctx.db.kysely, ctx.systemId);
}

/** spec §4 "System views": the views the user sees, by sort_order, with whether they may edit each. */
export async function systemViews(ctx: RequestContext): Promise<SystemViewView[]> {
  return visibleSystemViews((await seededSystemViews(ctx)).map(toSystemView), ctx.user);
}

export async function treeViews(ctx: RequestContext): Promise<TreeViewView[]> {
  return (await listTreeViews(ctx.db.kysely, ctx.systemId)).map(toTreeView).filter((view) => isTreeViewVisible(view, ctx.user));
}

/** "they edit only with write": a view the user sees only with read (or not at all) is not theirs to change. */
async function editableSystemView(ctx: RequestContext, id: number): Promise<StoredSystemView> {
  const row = await findSystemView(ctx.db.kysely, ctx.systemId, id);
  if (!row) throw new AppError("NOT_FOUND", `system view ${id} not found`);
  const level = systemViewLevel(toSystemView(row), ctx.user);
  if (level === null) throw new AppError("NOT_FOUND", `system view ${id} not found`);
  if (level !== "write") throw new AppError("MISSING_PERMISSION", "Access denied");
  return row;
}

type SystemViewData = z.output<typeof systemViewUpdateSchema>;

function systemViewColumns(data: SystemViewData) {
  return {
    ...(data.name === undefined ? {} : { name: data.name as string }),
    ...(data.view_key === undefined ? {} : { view_key: data.view_key }),
    ...(data.is_enabled === undefined ? {} : { is_enabled: data.is_enabled ? 1 : 0 }),
    ...(data.sort_order === undefined ? {} : { sort_order: data.sort_order }),
    ...(data.apply_permissions === undefined ? {} : { apply_permissions: data.apply_permissions ? 1 : 0 }),
    ...(data.filters === undefined ? {} : { filters: JSON.stringify(data.filters) }),
    ...(data.role_permissions === undefined ? {} : { role_permissions: JSON.stringify(data.role_permissions) }),
  };
}

/** Field-level audit of a view change: the fields whose value differs. */
function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown>): { field: string; value_old: unknown; value_new: unknown }[] {
  return Object.keys(after)
    .filter((field) => field !== "id" && field !== "can_edit" && JSON.stringify(before?.[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, value_old: before?.[field] ?? null, value_new: after[field] }));
}

/** One audit row for a view change, by the request's user (every view change is audited). */
function auditView(
  trx: Parameters<typeof writeAudit>[0],
  ctx: RequestContext,
  now: number,
  view: { type: "systemView" | "treeView"; id: number; name: string },
  action: "created" | "updated" | "deleted",
  changes?: AuditEntry["changes"],
): Promise<number> {
  return writeAudit(trx, {
    systemId: ctx.systemId,
    userId: ctx.user.id,
    now,
    entityType: view.type,
    entityId: view.id,
    entityDisplayName: view.name,
    action,
    ...(changes ? { changes } : {}),
  });
}

export async function createSystemView(ctx: RequestContext, input: unknown): Promise<SystemViewView> {
  const data = parse(systemViewInputSchema, input);
  await ensureUniqueName(ctx, "system_views", data.name as string, null);
  const now = ctx.now();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const id = await insertSystemView(trx, {
      system_id: ctx.systemId,
      is_enabled: 1,
      is_system_view: 0,
      sort_order: 0,
      apply_permissions: 0,
      filters: "[]",
      role_permissions: "[]",
      ...systemViewColumns(data),
      name: data.name as string,
      view_key: data.view_key,
      created_at: now,
      updated_at: now,
    });
    const created = await findSystemView(trx, ctx.systemId, id);
    if (!created) throw new AppError("NOT_FOUND", `system view ${id} not found`);
    const view = toSystemView(created);
    await auditView(trx, ctx, now, { type: "systemView", id, name: view.name }, "created", changesOf(null, { ...view }));
    return created;
  });
  return { ...toSystemView(row), can_edit: true };
}

export async function updateSystemView(ctx: RequestContext, id: number, input: unknown): Promise<SystemViewView> {
  const existing = await editableSystemView(ctx, id);
  const data = parse(systemViewUpdateSchema, input);
  await ensureUniqueName(ctx, "system_views", data.name as string | undefined, id);
  const now = ctx.now();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    await updateSystemViewRow(trx, ctx.systemId, id, { ...systemViewColumns(data), updated_at: now });
    const updated = await findSystemView(trx, ctx.systemId, id);
    if (!updated) throw new AppError("NOT_FOUND", `system view ${id} not found`);
    const changed = changesOf({ ...toSystemView(existing) }, { ...toSystemView(updated) });
    if (changed.length > 0) {
      await auditView(trx, ctx, now, { type: "systemView", id, name: updated.name }, "updated", changed);
    }
    return updated;
  });
  const view = toSystemView(row);
  return { ...view, can_edit: systemViewLevel(view, ctx.user) === "write" };
}

/** Deletes views; the system view stays (it is what shows when none is enabled). */
export async function deleteSystemViews(ctx: RequestContext, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  checkIds(ids);
  const rows = await Promise.all([...new Set(ids)].map((id) => editableSystemView(ctx, id)));
  if (rows.some((row) => row.is_system_view)) {
    throw new AppError("VALIDATION", "Validation failed", { fields: { _: [{ message: VALIDATION_KEYS.invalid, data: { field: "is_system_view" } }] } });
  }
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const row of rows) {
      await deleteSystemViewRow(trx, ctx.systemId, row.id);
      await auditView(trx, ctx, now, { type: "systemView", id: row.id, name: row.name }, "deleted");
    }
  });
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

type TreeViewData = z.output<typeof treeViewUpdateSchema>;

function treeViewColumns(data: TreeViewData) {
  return {
    ...(data.name === undefined ? {} : { name: data.name as string }),
    ...(data.is_enabled === undefined ? {} : { is_enabled: data.is_enabled ? 1 : 0 }),
    ...(data.role_ids === undefined ? {} : { role_ids: JSON.stringify([...new Set(data.role_ids)]) }),
  };
}

export async function createTreeView(ctx: RequestContext, input: unknown): Promise<TreeViewView> {
  const data = parse(treeViewInputSchema, input);
  await ensureUniqueName(ctx, "tree_views", data.name as string, null);
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const id = await insertTreeView(trx, {
      system_id: ctx.systemId,
      is_enabled: 1,
      role_ids: "[]",
      ...treeViewColumns(data),
      name: data.name as string,
      created_at: now,
      updated_at: now,
    });
    const created = await findTreeView(trx, ctx.systemId, id);
    if (!created) throw new AppError("NOT_FOUND", `tree view ${id} not found`);
    const view = toTreeView(created);
    await auditView(trx, ctx, now, { type: "treeView", id, name: view.name }, "created", changesOf(null, { ...view }));
    return view;
  });
}

export async function updateTreeView(ctx: RequestContext, id: number, input: unknown): Promise<TreeViewView> {
  const existing = await findTreeView(ctx.db.kysely, ctx.systemId, id);
  if (!existing) throw new AppError("NOT_FOUND", `tree view ${id} not found`);
  const data = parse(treeViewUpdateSchema, input);
  await ensureUniqueName(ctx, "tree_views", data.name as string | undefined, id);
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await updateTreeViewRow(trx, ctx.systemId, id, { ...treeViewColumns(data), updated_at: now });
    const updated = await findTreeView(trx, ctx.systemId, id);
    if (!updated) throw new AppError("NOT_FOUND", `tree view ${id} not found`);
    const view = toTreeView(updated);
    const changed = changesOf({ ...toTreeView(existing) }, { ...view });
    if (changed.length > 0) {
      await auditView(trx, ctx, now, { type: "treeView", id, name: view.name }, "updated", changed);
    }
    return view;
  });
}

export async function deleteTreeViews(ctx: RequestContext, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  checkIds(ids);
  const rows = await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const row = await findTreeView(ctx.db.kysely, ctx.systemId, id);
      if (!row) throw new AppError("NOT_FOUND", `tree view ${id} not found`);
      return row;
    }),
  );
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const row of rows) {
      await deleteTreeViewRow(trx, ctx.systemId, row.id);
      await auditView(trx, ctx, now, { type: "treeView", id: row.id, name: row.name }, "deleted");
    }
  });
  return rows.map((row) => ({ id: row.id, name: row.name }));
}
