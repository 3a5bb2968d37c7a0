import {
  fieldErrors,
  hasPermission,
  hasWritePermission,
  isKnownTimeZone,
  nextSendTime,
  reportSubscriptionSchema,
  SYSTEM_PARAM_DEFAULTS,
  VALIDATION_KEYS,
  type ReportKind,
} from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database, ReportSubscriptionsTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { findVisibleFilter } from "./call-filters.service.ts";

/**
 * Report subscriptions (routes /log/filters/edit/:filterId?/user/:id?): one user, one saved
 * filter, one kind (spec data §3.1 "Report period: Daily, Monthly, Weekly"), sent to some of the
 * user's own e-mail addresses. Own subscriptions need calllog::use_module; another user's need
 * admin::manage_reports (docs/decisions/023-saved-call-filters-and-reports.md).
 */
export type DeliveryStatus = "ok" | "sending" | "retrying" | "failed" | "unknown";

export interface ReportSubscriptionView {
  id: number;
  filter_id: number;
  filter_name: string;
  user_id: number;
  user_name: string;
  kind: ReportKind;
  emails: string[];
  enabled: boolean;
  /** ok, sending, retrying (after an SMTP failure), failed (retries used up), unknown (interrupted while sending; not resent). */
  status: DeliveryStatus;
  last_sent_period: string | null;
  last_sent_at: string | null;
  last_error: string | null;
  attempts: number;
  next_attempt_at: string | null;
  next_send_at: string | null;
}

type StoredSubscription = Selectable<ReportSubscriptionsTable>;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The system's time zone (system parameter `timezone`, default Europe/Zurich). */
export async function systemTimeZone(db: Kysely<Database>, systemId: number): Promise<string> {
  const row = await db.selectFrom("systems").select("timezone").where("id", "=", systemId).executeTakeFirst();
  return row && isKnownTimeZone(row.timezone) ? row.timezone : SYSTEM_PARAM_DEFAULTS.timezone;
}

async function toViews(ctx: RequestContext, rows: StoredSubscription[]): Promise<ReportSubscriptionView[]> {
  if (rows.length === 0) return [];
  const db = ctx.db.kysely;
  const [filters, users] = await Promise.all([
    db
      .selectFrom("call_filters")
      .select(["id", "name", "system_id"])
      .where("id", "in", [...new Set(rows.map((r) => r.filter_id))])
      .execute(),
    db
      .selectFrom("users")
      .select(["id", "name"])
      .where("id", "in", [...new Set(rows.map((r) => r.user_id))])
      .execute(),
  ]);
  const zone = await systemTimeZone(db, ctx.systemId);
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    filter_id: row.filter_id,
    filter_name: filters.find((f) => f.id === row.filter_id)?.name ?? "",
    user_id: row.user_id,
    user_name: users.find((u) => u.id === row.user_id)?.name ?? "",
    kind: row.kind as ReportKind,
    emails: JSON.parse(row.emails) as string[],
    enabled: Boolean(row.enabled),
    status: row.status as DeliveryStatus,
    last_sent_period: row.last_sent_period,
    last_sent_at: iso(row.last_sent_at),
    last_error: row.last_error,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    next_send_at: row.enabled ? iso(nextSendTime(row.kind as ReportKind, now, zone)) : null,
  }));
}

function inSystem(ctx: RequestContext, db: Kysely<Database>) {
  return db
    .selectFrom("report_subscriptions")
    .innerJoin("call_filters", "call_filters.id", "report_subscriptions.filter_id")
    .selectAll("report_subscriptions")
    .where("call_filters.system_id", "=", ctx.systemId);
}

/** The subscriptions of one user (default: the caller), optionally of one filter. */
export async function reportSubscriptions(
  ctx: RequestContext,
  args: { filter_id?: number | null; user_id?: number | null },
): Promise<ReportSubscriptionView[]> {
  const userId = args.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !hasPermission(ctx.user, "admin::manage_reports")) throw new AppError("MISSING_PERMISSION", "Access denied");
  let query = inSystem(ctx, ctx.db.kysely).where("report_subscriptions.user_id", "=", userId);
  if (args.filter_id) query = query.where("report_subscriptions.filter_id", "=", args.filter_id);
  return toViews(ctx, await query.orderBy("report_subscriptions.id").execute());
}

export interface ReportRecipientView {
  user_id: number;
  /** The name, or the username when the name is empty. */
  name: string;
  /** The addresses a report to this user may go to: the user's own. */
  emails: string[];
}

/**
 * Whom a user's reports may go to (the subscription form's choices): one's own, or, with
 * admin::manage_reports (who may subscribe others), another user's addresses. NOT_FOUND for a
 * user that does not exist, so an id says nothing more than the form could.
 */
export async function reportRecipient(ctx: RequestContext, args: { user_id?: number | null }): Promise<ReportRecipientView> {
  const userId = args.user_id ?? ctx.user.id;
  if (userId !== ctx.user.id && !hasPermission(ctx.user, "admin::manage_reports")) throw new AppError("MISSING_PERMISSION", "Access denied");
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "username", "emails"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", "Not found");
  return { user_id: user.id, name: user.name || user.username, emails: JSON.parse(user.emails) as string[] };
}

/** For the administrator: the system's reports whose last delivery did not go through. */
export async function reportDeliveryProblems(ctx: RequestContext): Promise<ReportSubscriptionView[]> {
  const rows = await inSystem(ctx, ctx.db.kysely)
    .where("report_subscriptions.status", "in", ["retrying", "failed", "unknown"])
    .orderBy("report_subscriptions.id")
    .execute();
  return toViews(ctx, rows);
}

const AUDITED = ["kind", "emails", "enabled"] as const;

export async function saveReportSubscription(ctx: RequestContext, data: unknown): Promise<ReportSubscriptionView> {
  const parsed = reportSubscriptionSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const input = parsed.data;
  if (input.user_id !== ctx.user.id && !hasWritePermission(ctx.user, "admin::manage_reports")) throw new AppError("MISSING_PERMISSION", "Access denied");
  const filter = await findVisibleFilter(ctx, input.filter_id);
  const user = await ctx.db.kysely.selectFrom("users").select(["id", "name", "emails"]).where("id", "=", input.user_id).executeTakeFirst();
  if (!user)
    throw new AppError("VALIDATION", "Validation failed", { fields: { user_id: [{ message: VALIDATION_KEYS.no_match, data: { field: "user_id" } }] } });
  // The report goes to the user's own addresses only: nobody turns a filter into mail to strangers.
  const own = new Set((JSON.parse(user.emails) as string[]).map((e) => e.toLowerCase()));
  const foreign = input.emails.filter((e) => !own.has(e.toLowerCase()));
  if (foreign.length > 0) {
    throw new AppError("VALIDATION", "Validation failed", {
      fields: { emails: [{ message: VALIDATION_KEYS.no_match, data: { field: "emails", value: foreign.join(", ") } }] },
    });
  }
  // Another user's subscription to a private filter would mail them what they may not read.
  if (!filter.shared && filter.owner_user_id !== input.user_id) {
    throw new AppError("VALIDATION", "Validation failed", { fields: { filter_id: [{ message: VALIDATION_KEYS.no_match, data: { field: "filter_id" } }] } });
  }
  const emails = JSON.stringify([...new Set(input.emails)]);
  const now = ctx.now();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("report_subscriptions")
      .selectAll()
      .where("filter_id", "=", input.filter_id)
      .where("user_id", "=", input.user_id)
      .where("kind", "=", input.kind)
      .executeTakeFirst();
    const saved = before
      ? await trx
          .updateTable("report_subscriptions")
          .set({ emails, enabled: input.enabled ? 1 : 0, updated_at: now })
          .where("id", "=", before.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("report_subscriptions")
          .values({
            filter_id: input.filter_id,
            user_id: input.user_id,
            kind: input.kind,
            emails,
            enabled: input.enabled ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    const changes = AUDITED.filter((f) => before?.[f] !== saved[f]).map((field) => ({ field, value_old: before?.[field] ?? null, value_new: saved[field] }));
    if (changes.length > 0) {
      await writeAudit(trx, {
        systemId: ctx.systemId,
        userId: ctx.user.id,
        now,
        entityType: "reportSubscription",
        entityId: saved.id,
        entityDisplayName: `${filter.name} (${user.name})`,
        action: before ? "updated" : "created",
        meta: { filter_id: filter.id, user_id: user.id },
        changes,
      });
    }
    return saved;
  });
  const [view] = await toViews(ctx, [row]);
  if (!view) throw new Error("saved subscription vanished");
  return view;
}

export async function deleteReportSubscription(ctx: RequestContext, id: number): Promise<ReportSubscriptionView> {
  const row = await inSystem(ctx, ctx.db.kysely).where("report_subscriptions.id", "=", id).executeTakeFirst();
  if (!row || (row.user_id !== ctx.user.id && !hasPermission(ctx.user, "admin::manage_reports")))
    throw new AppError("NOT_FOUND", `report subscription ${id} not found`);
  if (row.user_id !== ctx.user.id && !hasWritePermission(ctx.user, "admin::manage_reports")) throw new AppError("MISSING_PERMISSION", "Access denied");
  const [view] = await toViews(ctx, [row]);
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("report_subscriptions").where("id", "=", id).execute();
    await writeAudit(trx, {
      systemId: ctx.systemId,
      userId: ctx.user.id,
      now,
      entityType: "reportSubscription",
      entityId: id,
      entityDisplayName: view ? `${view.filter_name} (${view.user_name})` : null,
      action: "deleted",
      changes: AUDITED.map((field) => ({ field, value_old: row[field], value_new: null })),
    });
  });
  if (!view) throw new Error("subscription vanished");
  return view;
}
