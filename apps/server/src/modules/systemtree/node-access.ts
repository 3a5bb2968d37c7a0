import { ENTITIES, canSeeNode, isAccessLevel, nodeAccessLevel, type AccessLevel, type ClassifiedNode, type GroupLevel } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { allRows } from "../entities/entities.repo.ts";
import { grantsOfRoles, roleIdsOfUser } from "../roles/roles.repo.ts";

const CALL_SOURCE_GROUP = ENTITIES.find((e) => e.name === "callSourceGroup");

/** The user's call source group levels in the request's system (spec §6 "Call source group access"). */
export async function groupLevelsOf(ctx: RequestContext): Promise<GroupLevel[]> {
  if (ctx.user.is_superuser || ctx.user.id <= 0 || !CALL_SOURCE_GROUP) return [];
  const db = ctx.db.kysely;
  const { groups } = await grantsOfRoles(db, await roleIdsOfUser(db, ctx.user.id));
  const mine = groups.filter((g) => g.system_id === ctx.systemId);
  if (mine.length === 0) return [];
  const records = new Map((await allRows(db, CALL_SOURCE_GROUP, ctx.systemId)).map((row) => [row.id, row]));
  return mine.flatMap((grant) => {
    const record = records.get(grant.callsource_group_id);
    if (!record || !isAccessLevel(grant.permission_level)) return [];
    const related = typeof record["related_callsources"] === "string" ? (JSON.parse(record["related_callsources"]) as number[]) : [];
    return [{ flag: String(record["flag"] ?? "None"), related_callsources: related, permission_level: grant.permission_level }];
  });
}

/** A node's level for the user, from levels loaded once per request. */
export function levelFor(ctx: RequestContext, groups: readonly GroupLevel[], node: ClassifiedNode & { call_source_id: number | null }): AccessLevel {
  return nodeAccessLevel(ctx.user, groups, node);
}

/** The stored columns that decide whether a node is visible (spec §6 see_ codes, call source groups). */
export type VisibilityFacts = { kind: string; is_tech: number | boolean | null; radio: number | boolean | null; call_source_id: number | null };

/**
 * Whether the user may see a node, with the group levels read once per request: the same rule the
 * flat tree (systemTreeNodes) applies, for every other read that lists nodes or their calls (node
 * view, search). Anonymous visitors reach node reads only on the public demo screen, whose scope
 * is the whole demo tree.
 */
export async function nodeVisibility(ctx: RequestContext): Promise<(node: VisibilityFacts) => boolean> {
  return visibleWith(ctx, await groupLevelsOf(ctx));
}

/** nodeVisibility with group levels already read. */
export function visibleWith(ctx: RequestContext, groups: readonly GroupLevel[]): (node: VisibilityFacts) => boolean {
  if (ctx.user.is_superuser || ctx.user.id <= 0) return () => true;
  return (node) => {
    const facts = {
      kind: node.kind,
      is_tech: node.is_tech === 1 || node.is_tech === true,
      radio: node.radio === 1 || node.radio === true,
      call_source_id: node.call_source_id,
    };
    return canSeeNode(ctx.user, facts, levelFor(ctx, groups, facts));
  };
}

/**
 * Device actions other than EndCalls act on a node the user must see (spec §6 see_wired_devices,
 * see_tech_devices, call source group None hides it). A node unknown here is left to the call
 * system, which answers for its own devices.
 */
export async function requireVisibleNode(ctx: RequestContext, id: number): Promise<void> {
  if (ctx.user.is_superuser) return;
  const node = await ctx.db.kysely
    .selectFrom("system_tree_nodes")
    .select(["kind", "is_tech", "radio", "call_source_id"])
    .where("system_id", "=", ctx.systemId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!node) return;
  const facts = { kind: node.kind, is_tech: node.is_tech === 1, radio: node.radio === 1, call_source_id: node.call_source_id };
  if (!canSeeNode(ctx.user, facts, levelFor(ctx, await groupLevelsOf(ctx), facts))) throw new AppError("MISSING_PERMISSION", "Access denied");
}
