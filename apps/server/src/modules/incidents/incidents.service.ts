import {
  canAccessSystem,
  fieldErrors,
  hasPermission,
  incidentMonitorSchema,
  incidentTransition,
  notificationsPausedUntil,
  statusesOf,
  VALIDATION_KEYS,
  INCIDENT_FILTERS,
  INCIDENT_SEVERITIES,
  INCIDENT_SUBJECTS,
  type IncidentAction,
  type IncidentFilter,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSubject,
} from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database, IncidentMonitorsTable, IncidentsTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { findUserById, loadAuthUser } from "../auth/users.repo.ts";
import { isUniqueViolation } from "../entities/entities.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { CHECKPOINT_NODE } from "./incident-engine.ts";
import { markIncidentNotifications } from "./incident-notifications.service.ts";

/**
 * Incidents as people see and handle them (spec data §3.8; routes /analytics/incidents): the list
 * with the spec's filter, one incident, assign, close, reopen, and the probable-defect monitors.
 * The engine that raises and resolves them is incident-engine.ts (docs/decisions/033).
 */

type IncidentRow = Selectable<IncidentsTable>;
type MonitorRow = Selectable<IncidentMonitorsTable>;

export interface IncidentView {
  id: number;
  system_id: number;
  node_id: number;
  subject: IncidentSubject;
  severity: IncidentSeverity;
  status: IncidentStatus;
  source_id: number;
  user_id: number | null;
  closed_by_user_id: number | null;
  created_at: string;
  assigned_at: string | null;
  closed_at: string | null;
  notifications_paused_until: string | null;
  /** A Defect's call as stored (migration 0025); the API shows it through incidentCallId. */
  call_id: number | null;
}

export interface IncidentMonitorView {
  id: number;
  name: string;
  criterion: string;
  threshold: number;
  timeframe: number;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toIncident(row: IncidentRow): IncidentView {
  const status = row.status as IncidentStatus;
  const assignedAt = row.assigned_at === null ? null : Number(row.assigned_at);
  return {
    id: row.id,
    system_id: row.system_id,
    node_id: row.node_id,
    subject: row.subject as IncidentSubject,
    severity: row.severity as IncidentSeverity,
    status,
    source_id: row.source_id,
    user_id: row.user_id,
    closed_by_user_id: row.closed_by_user_id,
    created_at: new Date(Number(row.created_at)).toISOString(),
    assigned_at: iso(assignedAt),
    closed_at: iso(row.closed_at),
    notifications_paused_until: iso(notificationsPausedUntil({ status, assigned_at: assignedAt })),
    call_id: row.call_id === null ? null : Number(row.call_id),
  };
}

export interface IncidentTargetView {
  id: number;
  name: string;
  kind: string;
  text_short: string;
  text_long: string;
}

/** The device of an incident; null when the configuration does not hold it. */
export async function incidentTarget(ctx: RequestContext, incident: IncidentView): Promise<IncidentTargetView | null> {
  return (
    (await ctx.db.kysely
      .selectFrom("system_tree_nodes")
      .select(["id", "name", "kind", "text_short", "text_long"])
      .where("system_id", "=", incident.system_id)
      .where("id", "=", incident.node_id)
      .executeTakeFirst()) ?? null
  );
}

/** A user by id as the incident shows them (name, else username); null when gone. */
export async function incidentUser(ctx: RequestContext, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "username"]).where("id", "=", id).executeTakeFirst();
  return user ? { id: user.id, name: user.name || user.username } : null;
}

/**
 * A Defect's call, for the link to the call form: only for a viewer who may read that call (the
 * `call` query's scopes: calllog::use_module, or analytics::use_module with the analytics licence,
 * which the incident's own scopes already demand) and while the call log still holds it.
 */
export async function incidentCallId(ctx: RequestContext, incident: IncidentView): Promise<number | null> {
  if (incident.call_id === null) return null;
  if (!hasPermission(ctx.user, "calllog::use_module") && !hasPermission(ctx.user, "analytics::use_module")) return null;
  const call = await ctx.db.kysely
    .selectFrom("calls")
    .select("id")
    .where("system_id", "=", incident.system_id)
    .where("id", "=", incident.call_id)
    .executeTakeFirst();
  return call ? call.id : null;
}

export interface IncidentCheckpointView {
  number: number;
  /** The configured checkpoint of that number; null when no checkpoint map places it. */
  id: number | null;
  text: string | null;
}

/** A checkpoint's Defect (its defect flag, `checkpoint.defect`): the checkpoint by number, with its configured text. */
export async function incidentCheckpoint(ctx: RequestContext, incident: IncidentView): Promise<IncidentCheckpointView | null> {
  if (incident.subject !== "Defect" || incident.node_id !== CHECKPOINT_NODE || incident.source_id === 0) return null;
  const row = await entityTables(ctx.db.kysely)
    .selectFrom("checkpoints")
    .select(["id", "text"])
    .where("system_id", "=", incident.system_id)
    .where("number", "=", incident.source_id)
    .executeTakeFirst();
  return { number: incident.source_id, id: row?.id ?? null, text: row?.text ?? null };
}

/** The monitor that raised a ProbableDefect. */
export async function incidentMonitor(ctx: RequestContext, incident: IncidentView): Promise<IncidentMonitorView | null> {
  if (incident.subject !== "ProbableDefect" || incident.source_id === 0) return null;
  const row = await ctx.db.kysely
    .selectFrom("incident_monitors")
    .selectAll()
    .where("system_id", "=", incident.system_id)
    .where("id", "=", incident.source_id)
    .executeTakeFirst();
  return row ? toMonitor(row) : null;
}

const toMonitor = (row: MonitorRow): IncidentMonitorView => ({
  id: row.id,
  name: row.name,
  criterion: row.criterion,
  threshold: row.threshold,
  timeframe: row.timeframe,
});

/**
 * The licence's analytics feature and analytics::manage_incidents are the GraphQL scopes; the
 * installation's `incidents` feature (AppData features, spec data §3.2) is checked here.
 */
async function requireIncidentsFeature(ctx: RequestContext): Promise<void> {
  if (!(await readAppState(ctx.db.kysely)).features.incidents)
    throw new AppError("MISSING_PERMISSION", "Incidents are switched off", { reason: "feature_disabled" });
}

async function pushUpdated(ctx: RequestContext): Promise<void> {
  await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("incidents.updated", { system_id: ctx.systemId })).catch(() => undefined);
}

const oneOf = <T extends string>(field: string, value: string | null | undefined, allowed: readonly T[]): T | null => {
  if (value === null || value === undefined) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError("VALIDATION", "Validation failed", { fields: { [field]: [{ message: VALIDATION_KEYS.one_option_required, data: { field } }] } });
};

export interface IncidentQuery {
  filter?: string | null;
  subject?: string | null;
  severity?: string | null;
  node_id?: number | null;
  limit?: number | null;
  offset?: number | null;
}

/** At most this many incidents per page. */
export const INCIDENTS_PAGE_MAX = 500;

export async function listIncidents(ctx: RequestContext, query: IncidentQuery): Promise<IncidentView[]> {
  await requireIncidentsFeature(ctx);
  const filter = oneOf<IncidentFilter>("filter", query.filter, INCIDENT_FILTERS) ?? "All";
  const subject = oneOf<IncidentSubject>("subject", query.subject, INCIDENT_SUBJECTS);
  const severity = oneOf<IncidentSeverity>("severity", query.severity, INCIDENT_SEVERITIES);
  const limit = query.limit ?? 100;
  const offset = query.offset ?? 0;
  if (!(limit >= 1 && limit <= INCIDENTS_PAGE_MAX)) {
    throw new AppError("VALIDATION", "Validation failed", {
      fields: { limit: [{ message: VALIDATION_KEYS.between, data: { min: 1, max: INCIDENTS_PAGE_MAX } }] },
    });
  }
  if (!(offset >= 0)) throw new AppError("VALIDATION", "Validation failed", { fields: { offset: [{ message: VALIDATION_KEYS.min, data: { min: 0 } }] } });
  let q = ctx.db.kysely
    .selectFrom("incidents")
    .selectAll()
    .where("system_id", "=", ctx.systemId)
    .where("status", "in", [...statusesOf(filter)]);
  if (subject) q = q.where("subject", "=", subject);
  if (severity) q = q.where("severity", "=", severity);
  if (query.node_id !== null && query.node_id !== undefined) q = q.where("node_id", "=", query.node_id);
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
  return rows.map(toIncident);
}

async function findIncident(db: Kysely<Database>, systemId: number, id: number): Promise<IncidentRow> {
  const row = await db.selectFrom("incidents").selectAll().where("system_id", "=", systemId).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", `incident ${id} not found`);
  return row;
}

export async function getIncident(ctx: RequestContext, id: number): Promise<IncidentView> {
  await requireIncidentsFeature(ctx);
  const row = await findIncident(ctx.db.kysely, ctx.systemId, id);
  // The e-mail's link leads here: the recipient's delivery is "opened" (docs/decisions/039).
  await markIncidentNotifications(ctx.db.kysely, row.id, ctx.user.id, "opened", ctx.now());
  return toIncident(row);
}

/** The refusal for an action the incident's current state does not allow (CONFLICT with its reason). */
function refusal(row: IncidentRow, action: IncidentAction): AppError {
  const step = incidentTransition(row.status as IncidentStatus, action);
  const reason = step.ok ? "concurrent_change" : step.reason;
  return new AppError("CONFLICT", `incident ${row.id} cannot be ${action}ed now`, { reason });
}

/**
 * Applies a person's action with a conditional UPDATE on the status it starts from: of two people
 * acting at once exactly one finds the row in that status; the other gets CONFLICT.
 */
async function act(
  ctx: RequestContext,
  id: number,
  action: IncidentAction,
  change: (row: IncidentRow, now: number) => Partial<IncidentRow>,
  from: readonly IncidentStatus[],
): Promise<IncidentView> {
  await requireIncidentsFeature(ctx);
  const now = ctx.now();
  const db = ctx.db.kysely;
  const updated = await db
    .transaction()
    .execute(async (trx) => {
      const row = await findIncident(trx, ctx.systemId, id);
      if (!incidentTransition(row.status as IncidentStatus, action).ok) throw refusal(row, action);
      const values = { ...change(row, now), updated_at: now };
      const result = await trx
        .updateTable("incidents")
        .set(values)
        .where("system_id", "=", ctx.systemId)
        .where("id", "=", id)
        .where("status", "in", [...from])
        .where("status", "=", row.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw refusal(await findIncident(trx, ctx.systemId, id), action);
      const after = await findIncident(trx, ctx.systemId, id);
      const node = await trx
        .selectFrom("system_tree_nodes")
        .select(["name", "text_long"])
        .where("system_id", "=", ctx.systemId)
        .where("id", "=", row.node_id)
        .executeTakeFirst();
      await writeAudit(trx, {
        systemId: ctx.systemId,
        userId: ctx.user.id,
        now,
        entityType: "incident",
        entityId: id,
        entityDisplayName: `${row.subject}: ${node ? node.text_long || node.name : `#${row.node_id}`}`,
        action: action === "assign" ? "assigned" : action === "close" ? "closed" : "reopened",
        changes: (["status", "user_id"] as const)
          .filter((field) => row[field] !== after[field])
          .map((field) => ({ field, value_old: row[field], value_new: after[field] })),
      });
      // Who was mailed about it and acted on it confirmed it (docs/decisions/039).
      if (action !== "reopen") await markIncidentNotifications(trx, id, ctx.user.id, "confirmed", now);
      return after;
    })
    .catch((error: unknown) => {
      // Reopening next to an open incident of the same device and subject: the guard refuses it.
      if (isUniqueViolation(error)) throw new AppError("CONFLICT", "an open incident of this device and subject exists", { reason: "incident_open_exists" });
      throw error;
    });
  await pushUpdated(ctx);
  return toIncident(updated);
}

/**
 * Assigns a New incident to a user (the caller when none is named): someone who manages incidents
 * (analytics::manage_incidents) in this system; anyone else is no match.
 */
export async function assignIncident(ctx: RequestContext, id: number, userId: number | null | undefined): Promise<IncidentView> {
  const assignee = userId ?? ctx.user.id;
  if (assignee !== ctx.user.id) {
    const row = await findUserById(ctx.db.kysely, assignee);
    const user = row ? await loadAuthUser(ctx.db.kysely, row) : null;
    if (!user || !hasPermission(user, "analytics::manage_incidents") || !canAccessSystem(user, ctx.systemId)) {
      throw new AppError("VALIDATION", "Validation failed", {
        fields: { user_id: [{ message: VALIDATION_KEYS.no_match, data: { field: "user_id", value: String(assignee) } }] },
      });
    }
  }
  return act(ctx, id, "assign", (_row, now) => ({ status: "Assigned", user_id: assignee, assigned_at: now }), ["New"]);
}

export async function closeIncident(ctx: RequestContext, id: number): Promise<IncidentView> {
  return act(ctx, id, "close", (_row, now) => ({ status: "Closed", open_guard: null, closed_at: now, closed_by_user_id: ctx.user.id }), ["New", "Assigned"]);
}

/** A closed incident opens again (New, unassigned); a person reopened it, so people close it (held). */
export async function reopenIncident(ctx: RequestContext, id: number): Promise<IncidentView> {
  return act(
    ctx,
    id,
    "reopen",
    () => ({ status: "New", open_guard: 1, held: 1, closed_at: null, closed_by_user_id: null, user_id: null, assigned_at: null, condition_ended_at: null }),
    ["Closed"],
  );
}

// ---- Probable-defect monitors ----------------------------------------------------------------

function parseMonitor(input: unknown): { name: string; criterion: string; threshold: number; timeframe: number } {
  const parsed = incidentMonitorSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  // One spelling: 0x and upper-case digits (0x6a and 0x6A are the same criterion).
  return { ...parsed.data, criterion: `0x${parsed.data.criterion.slice(2).toUpperCase()}` };
}

async function findMonitor(db: Kysely<Database>, systemId: number, id: number): Promise<MonitorRow> {
  const row = await db.selectFrom("incident_monitors").selectAll().where("system_id", "=", systemId).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", `incident monitor ${id} not found`);
  return row;
}

const nameTaken = (): AppError =>
  new AppError("VALIDATION", "Validation failed", { fields: { name: [{ message: VALIDATION_KEYS.unique, data: { field: "name" } }] } });

export async function listMonitors(ctx: RequestContext): Promise<IncidentMonitorView[]> {
  await requireIncidentsFeature(ctx);
  return (await ctx.db.kysely.selectFrom("incident_monitors").selectAll().where("system_id", "=", ctx.systemId).orderBy("name").execute()).map(toMonitor);
}

export async function createMonitor(ctx: RequestContext, input: unknown): Promise<IncidentMonitorView> {
  await requireIncidentsFeature(ctx);
  const data = parseMonitor(input);
  const now = ctx.now();
  try {
    return toMonitor(
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("incident_monitors")
          .values({ system_id: ctx.systemId, ...data, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          systemId: ctx.systemId,
          userId: ctx.user.id,
          now,
          entityType: "incidentMonitor",
          entityId: row.id,
          entityDisplayName: row.name,
          action: "created",
          changes: Object.entries(data).map(([field, value]) => ({ field, value_old: null, value_new: value })),
        });
        return row;
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateMonitor(ctx: RequestContext, id: number, input: unknown): Promise<IncidentMonitorView> {
  await requireIncidentsFeature(ctx);
  const data = parseMonitor(input);
  const now = ctx.now();
  try {
    return toMonitor(
      await ctx.db.kysely.transaction().execute(async (trx) => {
        const before = await findMonitor(trx, ctx.systemId, id);
        await trx
          .updateTable("incident_monitors")
          .set({ ...data, updated_at: now })
          .where("system_id", "=", ctx.systemId)
          .where("id", "=", id)
          .execute();
        await writeAudit(trx, {
          systemId: ctx.systemId,
          userId: ctx.user.id,
          now,
          entityType: "incidentMonitor",
          entityId: id,
          entityDisplayName: data.name,
          action: "updated",
          changes: (Object.keys(data) as (keyof typeof data)[])
            .filter((field) => before[field] !== data[field])
            .map((field) => ({ field, value_old: before[field], value_new: data[field] })),
        });
        return findMonitor(trx, ctx.systemId, id);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a monitor; its open incidents close at the next evaluation (nothing raises them any more). */
export async function deleteMonitor(ctx: RequestContext, id: number): Promise<IncidentMonitorView> {
  await requireIncidentsFeature(ctx);
  const now = ctx.now();
  return toMonitor(
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const before = await findMonitor(trx, ctx.systemId, id);
      await trx.deleteFrom("incident_monitors").where("system_id", "=", ctx.systemId).where("id", "=", id).execute();
      await writeAudit(trx, {
        systemId: ctx.systemId,
        userId: ctx.user.id,
        now,
        entityType: "incidentMonitor",
        entityId: id,
        entityDisplayName: before.name,
        action: "deleted",
      });
      return before;
    }),
  );
}
