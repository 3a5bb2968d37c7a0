import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (our millisecond instants, count(*)) as strings: parse them once here
// so that callers see numbers on both dialects. Millisecond instants stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Opens the database: PostgreSQL when a URL is given, else the SQLite file in dataDir. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", close: () => kysely.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, "caresuite.sqlite");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const connection = new SQLite(file);
        // Pragmas are per connection (ARCHITECTURE «Storage and session rules»): WAL for concurrent readers, FULL so that an
        // acknowledged write survives a power cut.
        connection.pragma("journal_mode = WAL");
        connection.pragma("synchronous = FULL");
        connection.pragma("foreign_keys = ON");
        connection.pragma("busy_timeout = 5000");
        return connection;
      },
    }),
  });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}
