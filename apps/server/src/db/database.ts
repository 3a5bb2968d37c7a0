import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** SQLite only: the database file and its swap (restore, docs/decisions/041-backups.md). */
  sqlite?: SqliteFile;
}

export interface SqliteFile {
  /** The database file (DATA_DIR/caresuite.sqlite). */
  file: string;
  /**
   * Replaces the database file by `next` (a finished, checked file in the same folder) while no
   * query runs: the connection is checkpointed and closed, `next` renamed over the file (atomic:
   * a crash leaves the old or the new file, never a mix), and a new connection opened.
   */
  replace(next: string): Promise<void>;
}

/** A connection with the pragmas every SQLite connection of the app needs. */
export function openSqliteConnection(file: string): SQLite.Database {
  const connection = new SQLite(file);
  // Pragmas are per connection (ARCHITECTURE «Storage and session rules»): WAL for concurrent readers, FULL so that an
  // acknowledged write survives a power cut.
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = FULL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  return connection;
}

/** Makes a rename durable: the folder's entry is flushed too. */
export function fsyncFolder(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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
  // Kysely keeps the object it was given; the restore swaps the connection behind it.
  let current: SQLite.Database | null = null;
  const connection = {
    prepare: (sql: string) => (current ?? (current = openSqliteConnection(file))).prepare(sql),
    close: () => current?.close(),
  };
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: async () => connection }) });
  const replace = async (next: string): Promise<void> => {
    // Holding Kysely's connection (one at a time on SQLite): no query runs during the swap.
    await kysely.connection().execute(async () => {
      const old = current ?? openSqliteConnection(file);
      old.pragma("wal_checkpoint(TRUNCATE)");
      old.close();
      current = null;
      // Closing the last connection removed the WAL; a left one would be replayed into the new file.
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
      renameSync(next, file);
      fsyncFolder(dirname(file));
      current = openSqliteConnection(file);
    });
  };
  return { kysely, dialect: "sqlite", close: () => kysely.destroy(), sqlite: { file, replace } };
}
