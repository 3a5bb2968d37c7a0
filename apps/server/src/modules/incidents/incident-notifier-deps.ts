import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Mailer } from "../reports/mailer.ts";

/** What the incident mails need: the users' notifier and the reports' opt-in mails share it. */
export interface IncidentNotifierDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => number;
  /** Where the web app is reached (PUBLIC_URL): the e-mail's link starts with it. */
  publicUrl: string;
  log: { error(obj: unknown, msg?: string): void };
}
