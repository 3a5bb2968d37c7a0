import { sql } from "kysely";
import type { Db } from "../db/database.ts";

/**
 * Tables whose rows change on every request by design (the session's last use, the sign-in
 * throttle's counters) and so are left out of "the database is unchanged" comparisons.
 */
const VOLATILE = /^(sessions|login_throttle|login_attempts|kysely_migration.*)$/;

/** Every row of every table, in a stable order: for "a refused input changed nothing" checks. */
export async function databaseSnapshot(db: Db): Promise<string> {
  const tables =
    db.dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db.kysely);
  const names = tables.rows
    .map((r) => r.name)
    .filter((name) => !VOLATILE.test(name))
    .sort();
  const parts: string[] = [];
  for (const name of names) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db.kysely);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).sort();
    parts.push(`${name}\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}
