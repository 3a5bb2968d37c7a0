import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Incident sources (docs/decisions/033-incident-engine.md):
 * - `incidents.call_id`: the call behind a Defect. The engine stores the id of the latest open
 *   defect call of the device; a recurrence stores its own. Null for the other subjects and for
 *   incidents raised before. No foreign key: the call log's clean-up may delete the call while the
 *   incident stays (the API then shows no link).
 * - `checkpoint_defects`: the checkpoints (by number, as the controller names them) whose defect
 *   flag is set, since when (`checkpoint.defect` events). A row while the flag is set; a replayed
 *   event keeps the first time.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("incidents").addColumn("call_id", "integer").execute();
    await db.schema
      .createTable("checkpoint_defects")
      .addColumn("system_id", "integer", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull())
      .addColumn("since", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("checkpoint_defects_pk", ["system_id", "number"])
      .execute();
  },
};
