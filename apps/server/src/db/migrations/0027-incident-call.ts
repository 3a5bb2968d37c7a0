import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The call behind a Defect incident (docs/decisions/033-incident-engine.md): the engine stores the
 * id of the latest open defect call of the device; a recurrence stores its own. Null for the
 * other subjects and for incidents raised before this migration. No foreign key: the call log's
 * clean-up may delete the call while the incident stays (the API then shows no link).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("incidents").addColumn("call_id", "integer").execute();
  },
};
