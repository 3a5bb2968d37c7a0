import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "./entity-tables.ts";

/** An override as the marks and the board read it. */
export interface OverrideRow {
  id: number;
  name: string;
  is_enabled: boolean;
  section_id: number;
  section_display_group_id: number;
  systemtree_display_group_id: number;
}

export async function loadOverrides(db: Kysely<Database>, systemId: number): Promise<OverrideRow[]> {
  const rows = await entityTables(db).selectFrom("display_group_overrides").selectAll().where("system_id", "=", systemId).orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name ?? ""),
    is_enabled: Number(r.is_enabled) === 1,
    section_id: Number(r.section_id),
    section_display_group_id: Number(r.section_display_group_id),
    systemtree_display_group_id: Number(r.systemtree_display_group_id),
  }));
}

/**
 * Sets the section marks (spec "Section: ... has_display_group_override, ...,
 * active_display_group_override_id") and the nodes' active_display_group_override_id from the
 * overrides; returns the ids of the nodes whose mark changed.
 */
export async function writeOverrideMarks(
  db: Kysely<Database>,
  systemId: number,
  marks: ReadonlyMap<number, { has: boolean; active: number | null }>,
): Promise<number[]> {
  const sections = await entityTables(db)
    .selectFrom("sections")
    .select(["id", "has_display_group_override", "active_display_group_override_id"])
    .where("system_id", "=", systemId)
    .execute();
  for (const section of sections) {
    const mark = marks.get(Number(section.id)) ?? { has: false, active: null };
    const has = mark.has ? 1 : 0;
    if (Number(section.has_display_group_override) === has && (section.active_display_group_override_id ?? null) === mark.active) continue;
    await entityTables(db)
      .updateTable("sections")
      .set({ has_display_group_override: has, active_display_group_override_id: mark.active })
      .where("system_id", "=", systemId)
      .where("id", "=", Number(section.id))
      .execute();
  }
  const nodes = await db
    .selectFrom("system_tree_nodes")
    .select(["id", "section_id", "active_display_group_override_id"])
    .where("system_id", "=", systemId)
    .where((eb) => eb.or([eb("active_display_group_override_id", "is not", null), eb("section_id", "in", [-1, ...marks.keys()])]))
    .execute();
  // One update per new value (a ward has hundreds of nodes), in chunks the parameter limits allow.
  const byValue = new Map<number | null, number[]>();
  for (const node of nodes) {
    const active = node.section_id === null ? null : (marks.get(node.section_id)?.active ?? null);
    if (node.active_display_group_override_id !== active) byValue.set(active, [...(byValue.get(active) ?? []), node.id]);
  }
  for (const [active, ids] of byValue) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable("system_tree_nodes")
        .set({ active_display_group_override_id: active })
        .where("system_id", "=", systemId)
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
    }
  }
  return [...byValue.values()].flat();
}
