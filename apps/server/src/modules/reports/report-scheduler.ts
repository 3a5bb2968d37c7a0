import {
  formatLocalDate,
  hasPermission,
  latestSendTime,
  FALLBACK_LOCALE,
  toLocale,
  reportPeriod,
  type Locale,
  type ReportKind,
  type ReportPeriod,
} from "@caresuite/domain";
import type { Selectable } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import type { OpenCallsCache } from "../calls/open-calls-cache.ts";
import type { ReportSubscriptionsTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { findUserById, loadAuthUser } from "../auth/users.repo.ts";
import { toCallFilter } from "./call-filters.service.ts";
import { MailError, type Mailer } from "./mailer.ts";
import { callsForReport, REPORT_LIMITS } from "./report-calls.ts";
import { reportCsv } from "./report-csv.ts";
import { translateReport } from "./report-messages.ts";
import { systemTimeZone } from "./report-subscriptions.service.ts";
import { readSmtpSettings } from "./smtp-settings.service.ts";

/**
 * Sends the scheduled reports that are due (docs/decisions/023-saved-call-filters-and-reports.md).
 *
 * Exactly-once as far as we can tell, at-most-once where we cannot:
 * 1. a subscription owes the period of the latest send time (daily 08:00, weekly Monday, monthly
 *    the 1st, system zone) unless it already sent or gave up on it: after downtime only that one
 *    report goes out, once;
 * 2. it is claimed (status "sending", claimed_period) by a conditional UPDATE that commits before
 *    the SMTP conversation, so two instances or two ticks never both send it;
 * 3. after the server accepted the mail, last_sent_period records it;
 * 4. a claim left "sending" longer than STALE_SENDING_MS (the process died mid-send) is not
 *    resent: the server may have accepted it. It turns "unknown" with an error the administrator sees.
 * SMTP failures and timeouts retry with backoff; after MAX_ATTEMPTS the period is "failed".
 */
export const MAX_ATTEMPTS = 5;
/** Waits before attempt 2, 3, 4, 5: 1, 5, 15, 60 minutes. */
export const RETRY_BACKOFF_MS = [60_000, 300_000, 900_000, 3_600_000] as const;
export const STALE_SENDING_MS = 15 * 60_000;
export const SCHEDULER_TICK_MS = 60_000;

/** What the scheduler needs of the process's services (the HTTP layer's Services fit). */
export interface ReportServices {
  db: Db;
  config: Config;
  pubsub: PubSub;
  links?: RequestContext["links"];
  virtual?: RequestContext["virtual"];
  openCalls?: OpenCallsCache;
  now: () => number;
}

export interface ReportSchedulerDeps {
  services: ReportServices;
  mailer: Mailer;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

type Subscription = Selectable<ReportSubscriptionsTable>;

export interface ReportRunResult {
  sent: number;
  failed: number;
}

export function retryDelay(attempts: number): number {
  return RETRY_BACKOFF_MS[Math.min(attempts, RETRY_BACKOFF_MS.length) - 1] ?? RETRY_BACKOFF_MS[0];
}

/** One pass: marks interrupted sends, then sends every report that is due now. */
export async function runDueReports(deps: ReportSchedulerDeps): Promise<ReportRunResult> {
  const db = deps.services.db.kysely;
  const now = deps.services.now();
  await db
    .updateTable("report_subscriptions")
    .set((eb) => ({
      status: "unknown",
      last_sent_period: eb.ref("claimed_period"),
      last_error: "interrupted",
      updated_at: now,
    }))
    .where("status", "=", "sending")
    .where("claimed_at", "<", now - STALE_SENDING_MS)
    .execute();
  const rows = await db
    .selectFrom("report_subscriptions")
    .innerJoin("call_filters", "call_filters.id", "report_subscriptions.filter_id")
    .selectAll("report_subscriptions")
    .select("call_filters.system_id")
    .where("report_subscriptions.enabled", "=", 1)
    .orderBy("report_subscriptions.id")
    .execute();
  const zones = new Map<number, string>();
  const result: ReportRunResult = { sent: 0, failed: 0 };
  for (const row of rows) {
    let zone = zones.get(row.system_id);
    if (zone === undefined) {
      zone = await systemTimeZone(db, row.system_id);
      zones.set(row.system_id, zone);
    }
    const due = duePeriod(row, now, zone);
    if (!due || !(await claim(deps, row, due.key, now))) continue;
    const outcome = await deliver(deps, row, due, zone, now);
    if (outcome === "sent") result.sent++;
    else result.failed++;
  }
  return result;
}

/** The period the subscription owes now, or null. */
function duePeriod(row: Subscription, now: number, zone: string): ReportPeriod | null {
  const sendTime = latestSendTime(row.kind as ReportKind, now, zone);
  // A subscription made after the latest send time starts with the next one.
  if (sendTime < Number(row.created_at)) return null;
  const period = reportPeriod(row.kind as ReportKind, sendTime, zone);
  if (row.last_sent_period === period.key) return null;
  // Someone is sending (this period or an older one): wait for it; a dead send turns stale above.
  if (row.status === "sending") return null;
  if (row.claimed_period === period.key) {
    if (row.status === "retrying" && Number(row.next_attempt_at ?? 0) <= now) return period;
    return null;
  }
  return period;
}

/** Takes the period for this process; false when another tick or instance took it first. */
async function claim(deps: ReportSchedulerDeps, row: Subscription, key: string, now: number): Promise<boolean> {
  const db = deps.services.db.kysely;
  let update = db
    .updateTable("report_subscriptions")
    .set({ status: "sending", claimed_period: key, claimed_at: now, attempts: row.claimed_period === key ? row.attempts : 0, updated_at: now })
    .where("id", "=", row.id)
    .where("status", "=", row.status);
  update = row.claimed_period === null ? update.where("claimed_period", "is", null) : update.where("claimed_period", "=", row.claimed_period);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function failureText(error: unknown): string {
  if (error instanceof MailError) return `smtp:${error.failure}`;
  if (error instanceof AppError) return `access:${error.code.toLowerCase()}`;
  return "internal";
}

async function deliver(
  deps: ReportSchedulerDeps,
  row: Subscription & { system_id: number },
  period: ReportPeriod,
  zone: string,
  now: number,
): Promise<"sent" | "failed"> {
  const db = deps.services.db.kysely;
  try {
    const message = await buildReport(deps, row, period, zone);
    await deps.mailer(await readSmtpSettings(db), message);
    await db
      .updateTable("report_subscriptions")
      .set({
        status: "ok",
        last_sent_period: period.key,
        last_sent_at: deps.services.now(),
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        updated_at: deps.services.now(),
      })
      .where("id", "=", row.id)
      .where("claimed_period", "=", period.key)
      .execute();
    return "sent";
  } catch (error) {
    const attempts = (row.claimed_period === period.key ? row.attempts : 0) + 1;
    // Only the mail server's trouble is worth retrying; a user without access stays failed until someone acts.
    const retry = error instanceof MailError && error.failure !== "not_configured" && attempts < MAX_ATTEMPTS;
    if (!(error instanceof MailError) && !(error instanceof AppError)) deps.log?.error(error, "scheduled report failed");
    await db
      .updateTable("report_subscriptions")
      .set({
        status: retry ? "retrying" : "failed",
        attempts,
        next_attempt_at: retry ? now + retryDelay(attempts) : null,
        last_error: failureText(error),
        updated_at: deps.services.now(),
      })
      .where("id", "=", row.id)
      .where("claimed_period", "=", period.key)
      .execute();
    return "failed";
  }
}

/** The context of the subscribed user: the report shows what they may read in the call log, nothing more. */
async function userContext(deps: ReportSchedulerDeps, userId: number, systemId: number, locale: Locale): Promise<RequestContext> {
  const { services } = deps;
  const row = await findUserById(services.db.kysely, userId);
  if (!row) throw new AppError("NOT_FOUND", "user gone");
  const user = await loadAuthUser(services.db.kysely, row);
  if (!hasPermission(user, "calllog::use_module")) throw new AppError("MISSING_PERMISSION", "no call log");
  if (!services.openCalls) throw new Error("the scheduler starts after buildApp");
  return {
    db: services.db,
    config: services.config,
    bus: services.pubsub,
    links: services.links ?? null,
    virtual: services.virtual ?? null,
    openCalls: services.openCalls,
    user,
    sessionHash: null,
    systemId,
    locale,
    ip: "scheduler",
    now: services.now,
  };
}

const slug = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .toLowerCase()
    .slice(0, 40) || "filter";

async function buildReport(deps: ReportSchedulerDeps, row: Subscription & { system_id: number }, period: ReportPeriod, zone: string) {
  const db = deps.services.db.kysely;
  const filterRow = await db.selectFrom("call_filters").selectAll().where("id", "=", row.filter_id).executeTakeFirstOrThrow();
  const userRow = await db.selectFrom("users").select(["locale", "name"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
  const locale = toLocale(userRow.locale) ?? toLocale((await readGlobalSettings(db)).locale) ?? FALLBACK_LOCALE;
  const ctx = await userContext(deps, row.user_id, row.system_id, locale);
  // Another user's private filter may not reach this user any more (shared was turned off).
  if (!filterRow.shared && filterRow.owner_user_id !== row.user_id) throw new AppError("MISSING_PERMISSION", "filter no longer shared");
  const filter = toCallFilter(filterRow);
  const { calls, truncated } = await callsForReport(ctx, filter, period);
  const system = await db.selectFrom("systems").select("name").where("id", "=", row.system_id).executeTakeFirst();
  const periodText = row.kind === "daily" ? formatLocalDate(period.firstDay) : `${formatLocalDate(period.firstDay)} – ${formatLocalDate(period.lastDay)}`;
  const kind = row.kind as ReportKind;
  return {
    to: JSON.parse(row.emails) as string[],
    subject: translateReport(`report.subject.${kind}`, locale, { filter: filter.name, period: periodText }),
    text: translateReport("report.body", locale, {
      user: userRow.name,
      filter: filter.name,
      period: periodText,
      timezone: zone,
      count: calls.length,
      note: truncated ? translateReport("report.truncated", locale, { max: REPORT_LIMITS.maxCalls }) : "",
      system: system?.name ?? String(row.system_id),
    }),
    attachments: [
      {
        // The file name carries the period, so reports saved side by side stay apart (docs/decisions/023).
        filename: `${translateReport("report.file", locale)}-${slug(filter.name)}-${period.key}.csv`,
        content: reportCsv(calls, locale, zone),
        contentType: "text/csv; charset=utf-8",
      },
    ],
    messageId: `<report.${row.id}.${kind}.${period.key}@caresuite.invalid>`,
  };
}

/** Runs a pass at start (a report missed while the server was down goes out now) and then every minute. */
export function startReportScheduler(deps: ReportSchedulerDeps, tickMs = SCHEDULER_TICK_MS): () => Promise<void> {
  return startPasses(() => runDueReports(deps), deps, "report scheduler pass failed", tickMs);
}

/**
 * `pass` at once and then every `tickMs`, never two at a time (a slow pass skips ticks); the
 * returned stop waits for a running pass. Shared by the call reports and the technical reports.
 */
export function startPasses(pass: () => Promise<unknown>, deps: Pick<ReportSchedulerDeps, "log">, failure: string, tickMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = (): void => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log?.error(error, failure))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
