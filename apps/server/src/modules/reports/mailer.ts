import type { SmtpSettingsInput } from "@caresuite/domain";

/** A report or test e-mail as the mailer sends it. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** A Message-ID that names the report and period: receivers that deduplicate see one report. */
  messageId?: string;
}

/**
 * Why a send failed, as a class (ARCHITECTURE «Security rules»: "connection checks report a
 * failure class, never a remote body").
 */
export type MailFailure = "not_configured" | "timeout" | "connection" | "tls" | "auth" | "rejected" | "unknown";

export class MailError extends Error {
  readonly failure: MailFailure;
  constructor(failure: MailFailure, cause?: unknown) {
    super(`mail ${failure}`, { cause });
    this.name = "MailError";
    this.failure = failure;
  }
}

export type StoredSmtpSettings = SmtpSettingsInput;

/** Sends one message; a hung server counts as a timeout after `timeoutMs` per step. */
export type Mailer = (settings: StoredSmtpSettings | null, message: MailMessage) => Promise<void>;

function failureOf(error: unknown): MailFailure {
  const e = error as { code?: string; responseCode?: number; message?: string };
  switch (e.code) {
    case "ETIMEDOUT":
      return "timeout";
    case "ECONNECTION":
    case "ESOCKET":
    case "EDNS":
    case "ECONNREFUSED":
      return /timeout|timed out/i.test(e.message ?? "") ? "timeout" : "connection";
    case "ETLS":
      return "tls";
    case "EAUTH":
    case "ENOAUTH":
      return "auth";
    case "EENVELOPE":
    case "EMESSAGE":
    case "EPROTOCOL":
      return "rejected";
    default:
      return typeof e.responseCode === "number" && e.responseCode >= 400 ? "rejected" : "unknown";
  }
}

/** The nodemailer SMTP mailer. */
export function smtpMailer(timeoutMs = 30_000): Mailer {
  return async (settings, message) => {
    if (!settings || settings.host === "" || settings.from === "") throw new MailError("not_configured");
    // Loaded on the first mail: nodemailer adds ~0.4 s to every server start (bench/skeleton.ts).
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.security === "tls",
      requireTLS: settings.security === "starttls",
      ignoreTLS: settings.security === "none",
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    try {
      await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    } catch (error) {
      throw new MailError(failureOf(error), error);
    } finally {
      transport.close();
    }
  };
}
