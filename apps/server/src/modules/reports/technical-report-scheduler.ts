import { FALLBACK_LOCALE, latestSendTime, reportPeriod, technicalReportKinds, toLocale, type ReportKind, type ReportPeriod } from "@caresuite/domain";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { MailError } from "./mailer.ts";
import {
  MAX_ATTEMPTS,
  retryDelay,
  SCHEDULER_TICK_MS,
  STALE_SENDING_MS,
  startPasses,
  type ReportRunResult,
  type ReportSchedulerDeps,
} from "./report-scheduler.ts";
import { systemTimeZone } from "./report-subscriptions.service.ts";
import { readSmtpSettings } from "./smtp-settings.service.ts";
import { enabledTechnicalReports, settingsOf, technicalReportMail, type TechnicalReportRow } from "./technical-report.ts";

/**
 * Sends the technical e-mail reports that are due (docs/decisions/038-technical-reports.md) with
 * the call reports' mailer, send times and retry rules (report-scheduler.ts): spec §9 "Daily
 * report 08:00, weekly Monday, monthly the 1st" in the system's zone.
 *
 * A report owes the period of each kind's latest send time, unless it was created after that
 * time. The period is claimed by inserting its row into technical_report_sends (primary key:
 * system, report, kind, period) before the SMTP conversation: two ticks, two instances or a
 * restart never send it twice. A claim left "sending" (the process died mid-send) is not resent:
 * the mail server may have accepted it; it turns "failed" with "interrupted". SMTP failures
 * retry with the call reports' backoff, at most MAX_ATTEMPTS times.
 */

type Claim = { attempts: number };

async function claimPeriod(deps: ReportSchedulerDeps, row: TechnicalReportRow, kind: ReportKind, key: string, now: number): Promise<Claim | null> {
  const db = deps.services.db.kysely;
  const inserted = await db
    .insertInto("technical_report_sends")
    .values({ system_id: row.system_id, report_id: row.id, kind, period_key: key, status: "sending", attempts: 0, claimed_at: now })
    .onConflict((oc) => oc.columns(["system_id", "report_id", "kind", "period_key"]).doNothing())
    .returning("attempts")
    .execute();
  if (inserted.length === 1) return { attempts: 0 };
  const existing = await db
    .selectFrom("technical_report_sends")
    .select(["status", "attempts", "next_attempt_at"])
    .where("system_id", "=", row.system_id)
    .where("report_id", "=", row.id)
    .where("kind", "=", kind)
    .where("period_key", "=", key)
    .executeTakeFirst();
  if (existing?.status !== "retrying" || Number(existing.next_attempt_at ?? 0) > now) return null;
  const retried = await db
    .updateTable("technical_report_sends")
    .set({ status: "sending", claimed_at: now })
    .where("system_id", "=", row.system_id)
    .where("report_id", "=", row.id)
    .where("kind", "=", kind)
    .where("period_key", "=", key)
    .where("status", "=", "retrying")
    .where("attempts", "=", existing.attempts)
    .executeTakeFirst();
  return Number(retried.numUpdatedRows) === 1 ? { attempts: existing.attempts } : null;
}

async function deliver(
  deps: ReportSchedulerDeps,
  row: TechnicalReportRow,
  kind: ReportKind,
  period: ReportPeriod,
  claim: Claim,
  at: number,
  zone: string,
): Promise<"sent" | "failed"> {
  const db = deps.services.db.kysely;
  const key = { system_id: row.system_id, report_id: row.id, kind, period_key: period.key };
  const settle = db
    .updateTable("technical_report_sends")
    .where("system_id", "=", key.system_id)
    .where("report_id", "=", key.report_id)
    .where("kind", "=", key.kind)
    .where("period_key", "=", key.period_key);
  try {
    const locale = toLocale((await readGlobalSettings(db)).locale) ?? FALLBACK_LOCALE;
    const message = await technicalReportMail(db, row, kind, period, at, zone, locale);
    await deps.mailer(await readSmtpSettings(db), message);
    await settle.set({ status: "sent", sent_at: deps.services.now(), attempts: claim.attempts + 1, next_attempt_at: null, last_error: null }).execute();
    return "sent";
  } catch (error) {
    const attempts = claim.attempts + 1;
    const retry = error instanceof MailError && error.failure !== "not_configured" && attempts < MAX_ATTEMPTS;
    if (!(error instanceof MailError)) deps.log?.error(error, "technical report failed");
    await settle
      .set({
        status: retry ? "retrying" : "failed",
        attempts,
        next_attempt_at: retry ? deps.services.now() + retryDelay(attempts) : null,
        last_error: error instanceof MailError ? `smtp:${error.failure}` : "internal",
      })
      .execute();
    return "failed";
  }
}

/** One pass: marks interrupted sends, then sends every technical report period that is due now. */
export async function runDueTechnicalReports(deps: ReportSchedulerDeps): Promise<ReportRunResult> {
  const db = deps.services.db.kysely;
  const now = deps.services.now();
  await db
    .updateTable("technical_report_sends")
    .set({ status: "failed", last_error: "interrupted" })
    .where("status", "=", "sending")
    .where("claimed_at", "<", now - STALE_SENDING_MS)
    .execute();
  const result: ReportRunResult = { sent: 0, failed: 0 };
  const zones = new Map<number, string>();
  for (const row of await enabledTechnicalReports(db)) {
    let zone = zones.get(row.system_id);
    if (zone === undefined) {
      zone = await systemTimeZone(db, row.system_id);
      zones.set(row.system_id, zone);
    }
    for (const kind of technicalReportKinds(settingsOf(row))) {
      const sendTime = latestSendTime(kind, now, zone);
      // A report made after the latest send time starts with the next one.
      if (sendTime < Number(row.created_at)) continue;
      const period = reportPeriod(kind, sendTime, zone);
      const claim = await claimPeriod(deps, row, kind, period.key, now);
      if (!claim) continue;
      const outcome = await deliver(deps, row, kind, period, claim, sendTime, zone);
      if (outcome === "sent") result.sent++;
      else result.failed++;
    }
  }
  return result;
}

/** A pass at start (a report missed while the server was down goes out now, once) and then every minute. */
export function startTechnicalReportScheduler(deps: ReportSchedulerDeps, tickMs = SCHEDULER_TICK_MS): () => Promise<void> {
  return startPasses(() => runDueTechnicalReports(deps), deps, "technical report scheduler pass failed", tickMs);
}
