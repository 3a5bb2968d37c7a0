import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { INITIAL_USER_STEP } from "../../db/migrations/0008-setup-state.ts";
import { FINISHED_STEP } from "../../db/migrations/0009-setup-finished.ts";
import { readAppState } from "../appdata/app-state.repo.ts";

/**
 * The first-run setup is open until its initial user has been created (setup time set). A
 * database that has users is never open, whatever the setup time says: the anonymous setup
 * mutations must not reopen an installation. The setup_state row (migration 0008) is the atomic
 * marker; without it the setup counts as done (fail closed).
 */
export async function isSetupOpen(db: Kysely<Database>): Promise<boolean> {
  const marker = await db.selectFrom("setup_state").select("done_at").where("step", "=", INITIAL_USER_STEP).executeTakeFirst();
  if (!marker || marker.done_at !== null) return false;
  if ((await readAppState(db)).setup_time !== null) return false;
  const user = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return user === undefined;
}

/**
 * Closes the setup: true for exactly one caller, in its transaction (parallel calls made
 * six superusers). A conditional UPDATE is atomic on both databases: on PostgreSQL a parallel
 * claim waits for this row's lock and then finds it done; SQLite writes one at a time.
 */
export async function claimInitialUserStep(trx: Kysely<Database>, now: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("setup_state")
    .set({ done_at: now })
    .where("step", "=", INITIAL_USER_STEP)
    .where("done_at", "is", null)
    .returning("step")
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Locks the setup row for the rest of the transaction and tells whether the setup is still open:
 * a configurator saved anonymously during the setup cannot commit after the setup was closed, and
 * parallel saves of the configurator run one after the other.
 */
export async function lockSetupState(trx: Kysely<Database>): Promise<{ open: boolean }> {
  const row = await trx
    .updateTable("setup_state")
    .set((eb) => ({ done_at: eb.ref("done_at") }))
    .where("step", "=", INITIAL_USER_STEP)
    .returning("done_at")
    .executeTakeFirst();
  return { open: row !== undefined && row.done_at === null };
}

/**
 * Step 5 may still be confirmed (docs/decisions/012): the initial user exists, the setup time is
 * not set and the `finished` row is unclaimed. Open to anonymous callers, since the wizard runs
 * before anyone can sign in; all it can do is set the setup time.
 */
export async function isSetupFinishOpen(db: Kysely<Database>): Promise<boolean> {
  const rows = await db.selectFrom("setup_state").select(["step", "done_at"]).where("step", "in", [INITIAL_USER_STEP, FINISHED_STEP]).execute();
  const doneAt = (step: string): number | null | undefined => rows.find((row) => row.step === step)?.done_at;
  const userStep = doneAt(INITIAL_USER_STEP);
  // A missing row counts as done (fail closed), as for the initial user.
  if (userStep === null || userStep === undefined || doneAt(FINISHED_STEP) !== null) return false;
  if ((await readAppState(db)).setup_time !== null) return false;
  const user = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return user !== undefined;
}

/** Claims the `finished` row: true for exactly one caller (same atomic UPDATE as the initial user). */
export async function claimFinishedStep(trx: Kysely<Database>, now: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("setup_state")
    .set({ done_at: now })
    .where("step", "=", FINISHED_STEP)
    .where("done_at", "is", null)
    .returning("step")
    .executeTakeFirst();
  return claimed !== undefined;
}
