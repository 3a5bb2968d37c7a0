import type { FieldDef } from "@caresuite/domain";

/** One cell of the generic form's grid. */
export type FormCell =
  | { kind: "field"; name: string; field: FieldDef; wide: boolean }
  /** Consecutive times (schedule steps) side by side in their order, wrapping row by row. */
  | { kind: "times"; fields: [string, FieldDef][] };

/** Long texts and multi-pickers take the whole row of the two-column form. */
function isWide(field: FieldDef): boolean {
  return (field.kind === "text" && field.multiline === true) || field.kind === "refs";
}

/**
 * The non-switch fields as grid cells. Times that follow each other form one row: in the two
 * columns, time_1 sat next to the name and time_2 below it, so the steps zig-zagged (
 * "the fields are laid out in reading order").
 */
export function formCells(fields: readonly [string, FieldDef][]): FormCell[] {
  const cells: FormCell[] = [];
  for (const [name, field] of fields) {
    if (field.kind === "bool") continue;
    const last = cells.at(-1);
    if (field.kind === "time") {
      if (last?.kind === "times") last.fields.push([name, field]);
      else cells.push({ kind: "times", fields: [[name, field]] });
      continue;
    }
    cells.push({ kind: "field", name, field, wide: isWide(field) });
  }
  return cells;
}
