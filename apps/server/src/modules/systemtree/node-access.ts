import { ENTITIES, isAccessLevel, nodeAccessLevel, type AccessLevel, type ClassifiedNode, type GroupLevel } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
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
