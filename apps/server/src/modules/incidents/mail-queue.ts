import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";
import { MailError, type MailMessage } from "../reports/mailer.ts";
import { MAX_ATTEMPTS, retryDelay, STALE_SENDING_MS } from "../reports/report-scheduler.ts";
import { readSmtpSettings } from "../reports/smtp-settings.service.ts";
import type { IncidentNotifierDeps } from "./incident-notifier-deps.ts";

/** The tables of queued incident mails: the users' deliveries and the technical reports' opt-ins. */
export type MailQueueTable = "incident_notifications" | "incident_report_notifications";

/** The columns both queues share: what claiming, sending and retrying read and write. */
interface QueueColumns {
  id: number;
  status: string;
  attempts: number;
  claimed_at: number | null;
  next_attempt_at: number | null;
  last_error: string | null;
  sent_at: number | null;
  updated_at: number;
}

/**
 * Sends a queue's rows that are queued or due for a retry (docs/decisions/039): each row is
 * claimed ("sending") before the SMTP conversation, so two runs never send it twice; a row left
 * "sending" by a process that died turns "unknown" (the mail server may have taken it) and is not
 * resent; SMTP failures retry with the reports' backoff, at most MAX_ATTEMPTS times. `build`
 * makes the message of one row. Returns how many went out.
 */
export async function sendMailQueue<T extends MailQueueTable>(
  deps: IncidentNotifierDeps,
  table: T,
  build: (row: Selectable<Database[T]>) => Promise<MailMessage>,
  what: string,
): Promise<number> {
  // Both tables have the queue's columns: one typed view of them (under one of the names) serves
  // either; Kysely cannot type a query over a union of table names.
  const db = deps.db as unknown as Kysely<{ queue: QueueColumns }>;
  const queue = table as unknown as "queue";
  const now = deps.now();
  await db
    .updateTable(queue)
    .set({ status: "unknown", last_error: "interrupted", updated_at: now })
    .where("status", "=", "sending")
    .where("claimed_at", "<", now - STALE_SENDING_MS)
    .execute();
  const due = (await db
    .selectFrom(queue)
    .selectAll()
    .where((eb) => eb.or([eb("status", "=", "queued"), eb.and([eb("status", "=", "retrying"), eb("next_attempt_at", "<=", now)])]))
    .orderBy("id")
    .limit(500)
    .execute()) as (QueueColumns & Selectable<Database[T]>)[];
  let sent = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable(queue)
      .set({ status: "sending", claimed_at: deps.now(), updated_at: deps.now() })
      .where("id", "=", row.id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const settle = (values: Partial<QueueColumns>) =>
      db
        .updateTable(queue)
        .set({ ...values, updated_at: deps.now() })
        .where("id", "=", row.id)
        .where("status", "=", "sending")
        .execute();
    try {
      await deps.mailer(await readSmtpSettings(deps.db), await build(row));
      await settle({ status: "sent", sent_at: deps.now(), attempts: row.attempts + 1, last_error: null, next_attempt_at: null });
      sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const retry = error instanceof MailError && error.failure !== "not_configured" && attempts < MAX_ATTEMPTS;
      if (!(error instanceof MailError)) deps.log.error(error, `${what} failed`);
      await settle({
        status: retry ? "retrying" : "error",
        attempts,
        next_attempt_at: retry ? deps.now() + retryDelay(attempts) : null,
        last_error: error instanceof MailError ? `smtp:${error.failure}` : "internal",
      });
    }
  }
  return sent;
}
