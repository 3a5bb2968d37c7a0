import type { FieldDef, RegisteredEntity } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Registry tables typed from their entity definitions (packages/domain/src/entities): a column
 * that no definition declares fails to compile. Types follow the generated migration
 * (scripts/entity-migration.ts) and entity-columns.ts: bool 0/1 and refs (JSON text) are NOT NULL,
 * other fields may be null (required is checked on input, not by the column).
 */
type ColumnOf<F> = F extends { kind: "bool" }
  ? number
  : F extends { kind: "refs" }
    ? string
    : F extends { kind: "int" | "time" | "ref" }
      ? number | null
      : F extends FieldDef
        ? string | null
        : never;

/** A stored row of one registry entity: its fields plus the implicit columns (entity-columns.ts). */
export type EntityRow<E extends RegisteredEntity> = { id: number; created_at: number; updated_at: number } & (E extends { systemScoped: true }
  ? { system_id: number }
  : unknown) &
  (E extends { sortable: true } ? { sort_order: number } : unknown) & { [K in keyof E["fields"]]: ColumnOf<E["fields"][K]> };

/** Every registry table by name. */
export type EntityTables = { [E in RegisteredEntity as E["table"]]: EntityRow<E> };

/**
 * The database with the registry's tables typed: reads of known entities (the board, calls, the
 * demo) go through this. Generic CRUD by a runtime `EntityDef` stays in entities.repo.ts.
 */
export function entityTables(db: Kysely<Database>): Kysely<EntityTables> {
  // The registry's tables are created by migrations from the same definitions these types come from.
  return db as unknown as Kysely<EntityTables>;
}
