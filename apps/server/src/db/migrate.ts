import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Db, DialectName } from "./database.ts";

const MIGRATIONS_DIR = join(import.meta.dirname, "migrations");
/** `NNNN-what-it-does.ts`: the name orders the migrations (Kysely sorts by name). */
const MIGRATION_FILE = /^(\d{4}-[a-z0-9-]+)\.ts$/;

/** What a migration file exports: the migration, or a function of the dialect that makes it. */
type MigrationExport = Migration | ((dialect: DialectName) => Migration);

/** SQLite migrations that open their own transaction (a nested one would fail). */
const OWN_TRANSACTION = new Set(["0007-per-system-ids"]);

/**
 * Kysely runs SQLite migrations outside a transaction (its adapter claims no transactional DDL),
 * yet SQLite DDL is transactional: each migration runs in one, so a failing migration leaves the
 * schema as it was and is tried again at the next start (an update's restart included; on
 * PostgreSQL Kysely does the same). A migration that succeeded is recorded and never runs again.
 */
function transactional(dialect: DialectName, name: string, migration: Migration): Migration {
  if (dialect !== "sqlite" || OWN_TRANSACTION.has(name)) return migration;
  return {
    up: (db) => db.transaction().execute((trx) => migration.up(trx)),
    ...(migration.down ? { down: migration.down } : {}),
  };
}

/**
 * Forward-only migrations, found by file name in `db/migrations/` (adding one touches no other
 * file). Never edit a released one: add the next.
 */
async function migrationsFor(db: Db): Promise<Record<string, Migration>> {
  const names = (await readdir(MIGRATIONS_DIR)).map((file) => MIGRATION_FILE.exec(file)?.[1]).filter((name): name is string => name !== undefined);
  const entries = await Promise.all(
    names.map(async (name) => {
      const module = (await import(pathToFileURL(join(MIGRATIONS_DIR, `${name}.ts`)).href)) as { migration?: MigrationExport };
      if (!module.migration) throw new Error(`Migration ${name} exports no \`migration\``);
      const made = typeof module.migration === "function" ? module.migration(db.dialect) : module.migration;
      return [name, transactional(db.dialect, name, made)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Brings the schema up to date; throws (and start-up fails) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** The migrations and `extra` ones after them (tests of a failing migration and its retry). */
export async function migrateWithExtra(db: Db, extra: Record<string, Migration>): Promise<string[]> {
  const wrapped = Object.fromEntries(Object.entries(extra).map(([name, m]) => [name, transactional(db.dialect, name, m)]));
  return migrate(db, (migrator) => migrator.migrateToLatest(), wrapped);
}

/** Runs the migrations up to and including `target`: upgrade tests build older databases with it. */
export async function migrateTo(db: Db, target: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(target));
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>, extra: Record<string, Migration> = {}): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => ({ ...(await migrationsFor(db)), ...extra }) },
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
