import type { EntityDef, FieldDef } from "@caresuite/domain";

/**
 * How a registry field is stored: the column type of the migrations and the conversions between
 * a database row and the API's values (the one place that knows both sides).
 */
export function columnType(field: FieldDef): "integer" | "text" | `varchar(${number})` {
  switch (field.kind) {
    case "text":
      return field.max > 255 ? "text" : `varchar(${Math.max(field.max, 1)})`;
    case "enum":
      return "varchar(50)";
    case "file":
      return "varchar(255)";
    case "refs":
      return "text";
    case "int":
    case "bool":
    case "time":
    case "ref":
      return "integer";
  }
}

/** Columns every entity table has besides its fields. */
export function implicitColumns(entity: EntityDef): string[] {
  return ["id", ...(entity.systemScoped ? ["system_id"] : []), ...(entity.sortable ? ["sort_order"] : []), "created_at", "updated_at"];
}

/** A field's value as stored (validated input → column value). */
export function toColumn(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case "bool":
      return value ? 1 : 0;
    case "refs":
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** A stored value as the API returns it. */
export function fromColumn(field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case "bool":
      return value === 1 || value === true;
    case "refs":
      return typeof value === "string" ? (JSON.parse(value) as number[]) : [];
    case "time":
      return typeof value === "number" ? `${String(Math.floor(value / 60)).padStart(2, "0")}:${String(value % 60).padStart(2, "0")}` : null;
    case "int":
    case "ref":
      return value === null || value === undefined ? null : Number(value);
    default:
      return value ?? null;
  }
}
