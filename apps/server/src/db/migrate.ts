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
      return [name, made] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Brings the schema up to date; throws (and start-up fails) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `target`: upgrade tests build older databases with it. */
export async function migrateTo(db: Db, target: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(target));
}

async function migrate(db: Db, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => migrationsFor(db) },
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
