import { fieldErrors, needsPasswordReentry, PASSWORD_REENTRY_MESSAGE, smtpSettingsSchema, VALIDATION_KEYS } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { readSetting, writeSetting } from "../../db/settings.repo.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { translateReport } from "./report-messages.ts";
import { MailError, type MailFailure, type Mailer, type StoredSmtpSettings } from "./mailer.ts";

/**
 * SMTP settings of the global settings page. The password is a secret: stored server-side, never
 * sent to a client (only `has_password`), kept when the form leaves it empty, and to be typed
 * again when host or port change (ARCHITECTURE «Security rules», as the controller password).
 */
export interface SmtpSettingsView {
  host: string;
  port: number;
  security: StoredSmtpSettings["security"];
  user: string;
  has_password: boolean;
  from: string;
}

const SETTING_KEY = "smtp_settings";
const EMPTY: StoredSmtpSettings = { host: "", port: 587, security: "starttls", user: "", password: "", from: "" };

export async function readSmtpSettings(db: Kysely<Database>): Promise<StoredSmtpSettings | null> {
  const stored = await readSetting<StoredSmtpSettings>(db, SETTING_KEY);
  return stored ? { ...EMPTY, ...stored } : null;
}

const toView = (s: StoredSmtpSettings): SmtpSettingsView => ({
  host: s.host,
  port: s.port,
  security: s.security,
  user: s.user,
  has_password: s.password !== "",
  from: s.from,
});

export async function smtpSettings(ctx: RequestContext): Promise<SmtpSettingsView> {
  return toView((await readSmtpSettings(ctx.db.kysely)) ?? EMPTY);
}

export async function updateSmtpSettings(ctx: RequestContext, data: unknown): Promise<SmtpSettingsView> {
  const parsed = smtpSettingsSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const input = parsed.data;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = (await readSmtpSettings(trx)) ?? EMPTY;
    if (
      needsPasswordReentry(
        { ip: before.host, tcp_port: before.port, has_password: before.password !== "" },
        { ip: input.host, tcp_port: input.port, password: input.password },
      )
    ) {
      throw new AppError("VALIDATION", "Validation failed", { fields: { password: [{ message: PASSWORD_REENTRY_MESSAGE, data: { field: "password" } }] } });
    }
    const next: StoredSmtpSettings = { ...input, password: input.password === "" ? before.password : input.password };
    await writeSetting(trx, SETTING_KEY, next, now);
    const changes: { field: string; value_old: unknown; value_new: unknown }[] = (["host", "port", "security", "user", "from"] as const)
      .filter((field) => before[field] !== next[field])
      .map((field) => ({ field, value_old: before[field], value_new: next[field] }));
    // The secret shows as "***" in the audit log, and only when one was typed.
    if (input.password !== "") changes.push({ field: "password", value_old: before.password ? "***" : null, value_new: "***" });
    if (changes.length > 0) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "smtpSettings", entityId: null, action: "updated", changes });
    }
    return toView(next);
  });
}

/** The test send: the saved settings, one short message to the given address. */
export async function sendTestMail(ctx: RequestContext, mailer: Mailer, to: string): Promise<{ ok: boolean; failure: MailFailure | null }> {
  const address = to.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 254) {
    throw new AppError("VALIDATION", "Validation failed", { fields: { to: [{ message: VALIDATION_KEYS.email, data: { field: "to" } }] } });
  }
  try {
    await mailer(await readSmtpSettings(ctx.db.kysely), {
      to: [address],
      subject: translateReport("test.subject", ctx.locale),
      text: translateReport("test.body", ctx.locale),
    });
    return { ok: true, failure: null };
  } catch (error) {
    if (error instanceof MailError) return { ok: false, failure: error.failure };
    throw error;
  }
}
