import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import type { DialectName } from "../database.ts";

/**
 * The call log's filters and sorts at a year of calls (docs/decisions/024-call-log-paging.md).
 *
 * - presence_at: when staff presence first registered in the call's room while it was open
 *   (controller event presence.on). The response time is opened until presence, else until close.
 * - One index per filter that narrows the log, each ending in opened_at so that the newest-first
 *   page reads the index in order and stops after the page: call type, device (a node filter
 *   becomes the devices of its subtree), section; and per text sort (call type, node, section).
 * - Expression indexes for the duration and response-time sorts; the expression must be written
 *   exactly as the query writes it (calls.repo.ts DURATION_SQL, RESPONSE_SQL).
 *
 * Numbered 0013: 0012 belongs to a parallel branch. The migrator sorts by name and allows a gap.
 */
export const migration = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("calls").addColumn("presence_at", "bigint").execute();
    await db.schema.createIndex("calls_type_opened_idx").on("calls").columns(["system_id", "call_type_id", "opened_at"]).execute();
    await db.schema.createIndex("calls_device_opened_idx").on("calls").columns(["system_id", "device_id", "opened_at"]).execute();
    await db.schema.createIndex("calls_section_opened_idx").on("calls").columns(["system_id", "section_id", "opened_at"]).execute();
    // The text sorts (call type, node, section) walk these in order and stop after the page.
    await db.schema.createIndex("calls_type_text_idx").on("calls").columns(["system_id", "call_type_text", "opened_at"]).execute();
    await db.schema.createIndex("calls_node_text_idx").on("calls").columns(["system_id", "device_text_long", "opened_at"]).execute();
    await db.schema.createIndex("calls_section_text_idx").on("calls").columns(["system_id", "section_name", "opened_at"]).execute();
    await sql`create index calls_duration_idx on calls (system_id, (closed_at - opened_at))`.execute(db);
    await sql`create index calls_response_idx on calls (system_id, (coalesce(presence_at, closed_at) - opened_at))`.execute(db);
    if (dialect === "postgres") {
      // Open calls sort last both ways (NULLS LAST). PostgreSQL reads an index backwards only with
      // the nulls flipped, so the descending sorts need their own (SQLite's planner needs none).
      await sql`create index calls_closed_desc_idx on calls (system_id, closed_at desc nulls last)`.execute(db);
      await sql`create index calls_duration_desc_idx on calls (system_id, (closed_at - opened_at) desc nulls last)`.execute(db);
      await sql`create index calls_response_desc_idx on calls (system_id, (coalesce(presence_at, closed_at) - opened_at) desc nulls last)`.execute(db);
    }
  },
});
