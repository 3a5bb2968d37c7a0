import type { ColumnDefinitionBuilder } from "kysely";
import type { DialectName } from "../database.ts";

/** An auto-increment integer primary key, spelled the way each dialect wants it. */
export function idColumn(dialect: DialectName): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return dialect === "postgres" ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}
