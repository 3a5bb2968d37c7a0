import {
  fieldErrors,
  hasPermission,
  hasWritePermission,
  incidentNotificationSettingsSchema,
  INCIDENT_SEVERITIES,
  INCIDENT_SUBJECTS,
  type IncidentNotificationKind,
  type IncidentNotificationState,
  type IncidentNotificationSubscription,
  type IncidentSeverity,
  type IncidentSubject,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { writeAudit } from "../audit/audit.repo.ts";

/**
 * A user's incident e-mail settings (routes /analytics/incidents/notifications and
 * notifications/user/:id?, docs/decisions/039-incident-notifications.md): the subject × severity
 * grid and the recent deliveries. One's own need analytics::manage_incidents (the GraphQL scope);
 * another user's need admin::manage_users besides (at write to change them), as another user's
 * report subscriptions need admin::manage_reports (docs/decisions/023).
 */

export interface IncidentNotificationDeliveryView {
  id: number;
  incident_id: number;
  subject: IncidentSubject;
  severity: IncidentSeverity;
  kind: IncidentNotificationKind;
  device: string;
  status: IncidentNotificationState;
  last_error: string | null;
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

export interface IncidentNotificationSettingsView {
  user_id: number;
  /** The name, or the username when the name is empty. */
  name: string;
  /** Where the e-mails go: the user's addresses (user administration). */
  emails: string[];
  subscriptions: IncidentNotificationSubscription[];
  deliveries: IncidentNotificationDeliveryView[];
}

/** How many recent deliveries the screen shows. */
export const RECENT_DELIVERIES = 20;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

async function requireIncidentsFeature(ctx: RequestContext): Promise<void> {
  if (!(await readAppState(ctx.db.kysely)).features.incidents)
    throw new AppError("MISSING_PERMISSION", "Incidents are switched off", { reason: "feature_disabled" });
}

async function readGrid(db: Kysely<Database>, userId: number): Promise<IncidentNotificationSubscription[]> {
  const rows = await db.selectFrom("incident_notification_settings").select(["subject", "severity"]).where("user_id", "=", userId).execute();
  // The grid's order (subjects, then severities as the spec lists them), whatever the database returns.
  const order = (s: { subject: string; severity: string }): number =>
    INCIDENT_SUBJECTS.indexOf(s.subject as IncidentSubject) * 10 + INCIDENT_SEVERITIES.indexOf(s.severity as IncidentSeverity);
  return rows.sort((a, b) => order(a) - order(b)).map((r) => ({ subject: r.subject as IncidentSubject, severity: r.severity as IncidentSeverity }));
}

async function recentDeliveries(ctx: RequestContext, userId: number): Promise<IncidentNotificationDeliveryView[]> {
  const rows = await ctx.db.kysely
    .selectFrom("incident_notifications")
    .innerJoin("incidents", "incidents.id", "incident_notifications.incident_id")
    .leftJoin("system_tree_nodes", (join) =>
      join.onRef("system_tree_nodes.id", "=", "incidents.node_id").onRef("system_tree_nodes.system_id", "=", "incidents.system_id"),
    )
    .select([
      "incident_notifications.id",
      "incident_notifications.incident_id",
      "incident_notifications.kind",
      "incident_notifications.severity",
      "incident_notifications.status",
      "incident_notifications.last_error",
      "incident_notifications.attempts",
      "incident_notifications.created_at",
      "incident_notifications.sent_at",
      "incidents.subject",
      "incidents.node_id",
      "system_tree_nodes.name",
      "system_tree_nodes.text_long",
    ])
    .where("incident_notifications.user_id", "=", userId)
    .where("incident_notifications.system_id", "=", ctx.systemId)
    .orderBy("incident_notifications.id", "desc")
    .limit(RECENT_DELIVERIES)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    incident_id: r.incident_id,
    subject: r.subject as IncidentSubject,
    severity: r.severity as IncidentSeverity,
    kind: r.kind as IncidentNotificationKind,
    device: r.text_long || r.name || `#${r.node_id}`,
    status: r.status as IncidentNotificationState,
    last_error: r.last_error,
    attempts: r.attempts,
    created_at: iso(r.created_at) ?? "",
    sent_at: iso(r.sent_at),
  }));
}

async function findUser(ctx: RequestContext, userId: number) {
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "username", "emails"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", `user ${userId} not found`);
  return user;
}

export async function incidentNotificationSettings(ctx: RequestContext, args: { user_id?: number | null }): Promise<IncidentNotificationSettingsView> {
  await requireIncidentsFeature(ctx);
  const userId = args.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !hasPermission(ctx.user, "admin::manage_users")) throw new AppError("MISSING_PERMISSION", "Access denied");
  const user = await findUser(ctx, userId);
  return {
    user_id: user.id,
    name: user.name || user.username,
    emails: JSON.parse(user.emails) as string[],
    subscriptions: await readGrid(ctx.db.kysely, user.id),
    deliveries: await recentDeliveries(ctx, user.id),
  };
}

const cell = (s: IncidentNotificationSubscription): string => `${s.subject}:${s.severity}`;

/** Replaces the user's grid; audited (entity type incidentNotificationSettings, the cells before and after). */
export async function saveIncidentNotificationSettings(ctx: RequestContext, data: unknown): Promise<IncidentNotificationSettingsView> {
  await requireIncidentsFeature(ctx);
  const parsed = incidentNotificationSettingsSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const userId = parsed.data.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !hasWritePermission(ctx.user, "admin::manage_users")) throw new AppError("MISSING_PERMISSION", "Access denied");
  const user = await findUser(ctx, userId);
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readGrid(trx, userId);
    // A cell ticked before keeps its time: saving again does not hide events from since then.
    const since = new Map(
      (await trx.selectFrom("incident_notification_settings").select(["subject", "severity", "created_at"]).where("user_id", "=", userId).execute()).map(
        (r) => [cell({ subject: r.subject as IncidentSubject, severity: r.severity as IncidentSeverity }), Number(r.created_at)],
      ),
    );
    await trx.deleteFrom("incident_notification_settings").where("user_id", "=", userId).execute();
    if (parsed.data.subscriptions.length > 0) {
      await trx
        .insertInto("incident_notification_settings")
        .values(parsed.data.subscriptions.map((s) => ({ user_id: userId, subject: s.subject, severity: s.severity, created_at: since.get(cell(s)) ?? now })))
        .execute();
    }
    const after = await readGrid(trx, userId);
    const old = before.map(cell).join(", ");
    const next = after.map(cell).join(", ");
    if (old !== next) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "incidentNotificationSettings",
        entityId: userId,
        entityDisplayName: user.name || user.username,
        action: "updated",
        changes: [{ field: "subscriptions", value_old: old || null, value_new: next || null }],
      });
    }
  });
  return incidentNotificationSettings(ctx, { user_id: userId });
}

/**
 * spec data line 40 "Notification states: … opened … confirmed": the recipient opened the
 * incident (opened) or acted on it (confirmed). Only a delivered mail moves on.
 */
export async function markIncidentNotifications(
  db: Kysely<Database>,
  incidentId: number,
  userId: number,
  state: "opened" | "confirmed",
  now: number,
): Promise<void> {
  await db
    .updateTable("incident_notifications")
    .set({ status: state, updated_at: now })
    .where("incident_id", "=", incidentId)
    .where("user_id", "=", userId)
    .where("status", "in", state === "opened" ? ["sent"] : ["sent", "opened"])
    .execute();
}
