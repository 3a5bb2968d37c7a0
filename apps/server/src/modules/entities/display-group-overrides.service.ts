import { markConfigChanged } from "../config-sync/commit-guard.ts";
import { VALIDATION_KEYS } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { loadOverrides, writeOverrideMarks } from "./display-group-overrides.repo.ts";
import type { Row } from "./entities.repo.ts";

/**
 * What display group overrides add to the generic entity behaviour (docs/decisions/022): at most
 * one enabled override per section, the marks on the section and its nodes (spec "Section: ...
 * has_display_group_override, ..., active_display_group_override_id"; the node's
 * active_display_group_override_id blocks its editing, spec §5), and a changed configuration.
 */

/**
 * "At most one enabled per section": enabling a second one is a per-field error on is_enabled
 * naming the enabled one; nothing is switched off behind the user's back.
 */
export async function oneEnabledPerSection(ctx: RequestContext, data: Record<string, unknown>, errors: FieldErrors, existing: Row | null): Promise<void> {
  const enabled = data["is_enabled"] ?? (existing ? Number(existing["is_enabled"]) === 1 : false);
  const sectionId = data["section_id"] ?? existing?.["section_id"];
  if (enabled !== true || typeof sectionId !== "number") return;
  const other = (await loadOverrides(ctx.db.kysely, ctx.systemId)).find((o) => o.is_enabled && o.section_id === sectionId && o.id !== existing?.id);
  if (other) (errors["is_enabled"] ??= []).push({ message: VALIDATION_KEYS.override_active, data: { field: "is_enabled", value: other.name } });
}

/**
 * Sets the marks of the system's sections and nodes from its overrides, inside the change's
 * transaction; returns the nodes whose mark changed. Two enabled overrides of one section (two
 * users enabling at once, each checked before the other committed) roll the change back.
 */
export async function syncOverrideMarks(db: Kysely<Database>, systemId: number): Promise<number[]> {
  const marks = new Map<number, { has: boolean; active: number | null }>();
  for (const override of await loadOverrides(db, systemId)) {
    const mark = marks.get(override.section_id) ?? { has: true, active: null };
    if (override.is_enabled) {
      if (mark.active !== null) throw new AppError("CONFLICT", `two enabled overrides for section ${override.section_id}`, { reason: "concurrent_change" });
      mark.active = override.id;
    }
    marks.set(override.section_id, mark);
  }
  return writeOverrideMarks(db, systemId, marks);
}

/**
 * After a committed change: the configuration differs from the controller's until the next
 * commit (AppState last_gets_change, as for tree changes), and open trees refetch the nodes whose
 * edit state changed. Boards are told by the entity's displaygroup.updated push.
 */
export async function announceOverrideChange(ctx: RequestContext, nodeIds: number[]): Promise<void> {
  await markConfigChanged(ctx);
  if (nodeIds.length > 0) {
    const signal: SystemTreeSignal = { system_id: ctx.systemId, ids: nodeIds };
    await ctx.bus.publish(systemTreeTopic(ctx.systemId), signal);
  }
}
