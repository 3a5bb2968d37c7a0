import { AUDIT_PAGE_SIZE } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";

/** spec data §3.8 "Audit log entry" as the API returns it. */
export interface AuditLogView {
  id: number;
  system_id: number | null;
  user_id: number | null;
  created_at: string;
  entity_id: number | null;
  entity_type: string;
  namespace: string;
  value_new: string | null;
  value_old: string | null;
  field: string | null;
  action: string;
  meta: string | null;
  entity_display_name: string | null;
  user: { id: number; name: string } | null;
  system: { name: string } | null;
  changes: {
    id: number;
    field: string;
    value_new: string | null;
    value_old: string | null;
    display_value_new: string | null;
    display_value_old: string | null;
  }[];
}

export interface AuditLogFilter {
  limit?: number | null;
  offset?: number | null;
  ignore_fields?: string[] | null;
  /** Entries at or before this instant (ISO-8601); spec: the date picker "setting a start time". */
  start_time?: string | null;
  entity_type?: string | null;
  entity_id?: number | null;
}

/**
 * Audit entries of the current system (and system-independent ones), newest first, in pages
 * (spec §9 "Audit page size 60").
 */
export async function auditLogs(ctx: RequestContext, filter: AuditLogFilter): Promise<AuditLogView[]> {
  const db = ctx.db.kysely;
  const limit = Math.min(Math.max(filter.limit ?? AUDIT_PAGE_SIZE, 1), 500);
  const start = filter.start_time ? Date.parse(filter.start_time) : NaN;
  let query = db
    .selectFrom("audit_logs")
    .leftJoin("users", "users.id", "audit_logs.user_id")
    .leftJoin("systems", "systems.id", "audit_logs.system_id")
    .select([
      "audit_logs.id",
      "audit_logs.system_id",
      "audit_logs.user_id",
      "audit_logs.created_at",
      "audit_logs.entity_id",
      "audit_logs.entity_type",
      "audit_logs.namespace",
      "audit_logs.value_new",
      "audit_logs.value_old",
      "audit_logs.field",
      "audit_logs.action",
      "audit_logs.meta",
      "audit_logs.entity_display_name",
      "users.name as user_name",
      "systems.name as system_name",
    ])
    .where((eb) => eb.or([eb("audit_logs.system_id", "=", ctx.systemId), eb("audit_logs.system_id", "is", null)]));
  if (Number.isFinite(start)) query = query.where("audit_logs.created_at", "<=", start);
  if (filter.entity_type) query = query.where("audit_logs.entity_type", "=", filter.entity_type);
  if (filter.entity_id !== null && filter.entity_id !== undefined) query = query.where("audit_logs.entity_id", "=", filter.entity_id);
  const rows = await query
    .orderBy("audit_logs.created_at", "desc")
    .orderBy("audit_logs.id", "desc")
    .offset(Math.max(filter.offset ?? 0, 0))
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const ignored = new Set(filter.ignore_fields ?? []);
  const changes = ids.length === 0 ? [] : await db.selectFrom("audit_log_changes").selectAll().where("audit_log_id", "in", ids).orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    system_id: row.system_id,
    user_id: row.user_id,
    created_at: new Date(row.created_at).toISOString(),
    entity_id: row.entity_id,
    entity_type: row.entity_type,
    namespace: row.namespace,
    value_new: row.value_new,
    value_old: row.value_old,
    field: row.field,
    action: row.action,
    meta: row.meta,
    entity_display_name: row.entity_display_name,
    user: row.user_id !== null && row.user_name ? { id: row.user_id, name: row.user_name } : null,
    system: row.system_name ? { name: row.system_name } : null,
    changes: changes
      .filter((c) => c.audit_log_id === row.id && !ignored.has(c.field))
      .map((c) => ({
        id: c.id,
        field: c.field,
        value_new: c.value_new,
        value_old: c.value_old,
        display_value_new: c.value_new,
        display_value_old: c.value_old,
      })),
  }));
}

/**
 * spec §4: "Since-last-commit mode stops when a result is empty or its last entry is
 * gets_committed": entries newer than the last configuration commit.
 */
export async function auditLogsSinceLastCommit(ctx: RequestContext, filter: AuditLogFilter): Promise<AuditLogView[]> {
  const lastCommit = await ctx.db.kysely
    .selectFrom("audit_logs")
    .select("created_at")
    .where("action", "=", "gets_committed")
    .where((eb) => eb.or([eb("system_id", "=", ctx.systemId), eb("system_id", "is", null)]))
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const page = await auditLogs(ctx, filter);
  const cut = page.findIndex(
    (entry) => entry.action === "gets_committed" || (lastCommit !== undefined && Date.parse(entry.created_at) < lastCommit.created_at),
  );
  return cut < 0 ? page : page.slice(0, cut + (page[cut]?.action === "gets_committed" ? 1 : 0));
}
