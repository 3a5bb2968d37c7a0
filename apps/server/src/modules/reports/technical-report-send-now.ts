import { FALLBACK_LOCALE, latestSendTime, reportPeriod, technicalReportKinds, toLocale } from "@caresuite/domain";
import { AppError } from "../../errors/app-error.ts";
import type { RequestContext } from "../../context.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { MailError, type MailFailure, type Mailer } from "./mailer.ts";
import { systemTimeZone } from "./report-subscriptions.service.ts";
import { readSmtpSettings } from "./smtp-settings.service.ts";
import { settingsOf, technicalReportMail, type TechnicalReportRow } from "./technical-report.ts";

/** Reports being sent now: a second click (or fifty) while one is on its way is refused. */
const sending = new Set<string>();

/**
 * Sends a saved technical report at once, as its receivers would get it (docs/decisions/038):
 * the latest period of its first kind (daily before weekly before monthly; daily when none is
 * chosen), in the site's language. An administrator checks the content and the address without
 * waiting for 08:00; the schedule is not touched (no period is claimed), and the message has its
 * own id, so a receiver that deduplicates does not drop the scheduled one.
 */
export async function sendTechnicalReportNow(ctx: RequestContext, mailer: Mailer, id: number): Promise<{ ok: boolean; failure: MailFailure | null }> {
  const db = ctx.db.kysely;
  const row = (await entityTables(db)
    .selectFrom("technical_reports")
    .selectAll()
    .where("system_id", "=", ctx.systemId)
    .where("id", "=", id)
    .executeTakeFirst()) as TechnicalReportRow | undefined;
  if (!row) throw new AppError("NOT_FOUND", `technical report ${id} not found`);
  const key = `${row.system_id}:${row.id}`;
  if (sending.has(key)) throw new AppError("CONFLICT", "this report is being sent", { reason: "busy" });
  sending.add(key);
  try {
    const kind = technicalReportKinds({ ...settingsOf(row), enabled: true })[0] ?? "daily";
    const zone = await systemTimeZone(db, row.system_id);
    const at = ctx.now();
    const period = reportPeriod(kind, latestSendTime(kind, at, zone), zone);
    const locale = toLocale((await readGlobalSettings(db)).locale) ?? FALLBACK_LOCALE;
    const message = await technicalReportMail(db, row, kind, period, at, zone, locale);
    await mailer(await readSmtpSettings(db), { ...message, messageId: `<technical.${row.system_id}.${row.id}.now.${at}@caresuite.invalid>` });
    return { ok: true, failure: null };
  } catch (error) {
    if (error instanceof MailError) return { ok: false, failure: error.failure };
    throw error;
  } finally {
    sending.delete(key);
  }
}
