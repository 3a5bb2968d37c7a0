import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The setup step that closes the wizard (docs/decisions/012-setup-finish.md). */
export const FINISHED_STEP = "finished";

/**
 * "Setup completes when step 5 is confirmed, not silently on user creation." A second
 * setup_state row, claimed like the first (conditional UPDATE) by finishSetup. An installation
 * that already has users finished its setup under the old rule (user creation set the setup time).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`insert into setup_state (step, done_at)
      select cast(${FINISHED_STEP} as varchar(40)), case when exists (select 1 from users) then cast(${Date.now()} as bigint) else null end`.execute(db);
  },
};
