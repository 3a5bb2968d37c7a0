import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import type { Db } from "./database.ts";
import { migration0001 } from "./migrations/0001-initial.ts";
import { migration0002 } from "./migrations/0002-entities.ts";
import { migration0003 } from "./migrations/0003-users-roles.ts";
import { migration0004 } from "./migrations/0004-calls.ts";
import { migration0005 } from "./migrations/0005-display-profiles.ts";
import { migration0006 } from "./migrations/0006-system-params.ts";
import { migration0007 } from "./migrations/0007-per-system-ids.ts";
import { migration0008 } from "./migrations/0008-setup-state.ts";
import { migration0009 } from "./migrations/0009-setup-finished.ts";

/** Forward-only migrations, in order. Never edit a released one: add the next. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    "0001-initial": migration0001(db.dialect),
    "0002-entities": migration0002(db.dialect),
    "0003-users-roles": migration0003,
    "0004-calls": migration0004(db.dialect),
    "0005-display-profiles": migration0005(db.dialect),
    "0006-system-params": migration0006,
    "0007-per-system-ids": migration0007(db.dialect),
    "0008-setup-state": migration0008,
    "0009-setup-finished": migration0009,
  };
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
    provider: { getMigrations: async () => migrationsFor(db) },
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
