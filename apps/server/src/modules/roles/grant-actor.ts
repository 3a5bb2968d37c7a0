import {
  canManageRole,
  canManageUser,
  grantExcess,
  groupGrantsBeyond,
  hasWritePermission,
  isAccessLevel,
  permissionListsOf,
  roleGrantsBeyond,
  unrestrictedGroupSystemsBeyond,
  withinBounds,
  type GrantExcess,
  type GrantHolder,
  type GroupGrant,
  type RoleActor,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { RequestContext } from "../../context.ts";
import { grantsOfRoles, roleIdsOfUser, roleOrdersOfUser } from "./roles.repo.ts";

/** What someone holds (ARCHITECTURE «Security rules» "Granting is bounded by holding"): permissions, systems, group access. */
export interface Holdings extends GrantHolder {
  groups: GroupGrant[];
}

/** The signed-in user as one who grants: their rank among the roles and what they hold. */
export interface GrantActor {
  id: number;
  rank: RoleActor;
  holdings: Holdings;
}

type RoleGrants = Awaited<ReturnType<typeof grantsOfRoles>>;

/** What a user with these roles holds; superusers hold everything (spec: "roles are ignored"). */
export function holdingsOf(user: { is_superuser: boolean; system_access: readonly number[] }, roleIds: readonly number[], grants: RoleGrants): Holdings {
  const mine = new Set(roleIds);
  const lists = permissionListsOf(grants.permissions.filter((p) => mine.has(p.role_id)));
  const groups = grants.groups
    .filter((g) => mine.has(g.role_id))
    .flatMap((g) =>
      isAccessLevel(g.permission_level) ? [{ system_id: g.system_id, callsource_group_id: g.callsource_group_id, permission_level: g.permission_level }] : [],
    );
  return { is_superuser: user.is_superuser, system_access: [...user.system_access], ...lists, groups };
}

/** The current user as a grantor. */
export async function grantActorOf(ctx: RequestContext): Promise<GrantActor> {
  const { user } = ctx;
  if (user.is_superuser) {
    return { id: user.id, rank: { is_superuser: true, roleOrders: [] }, holdings: { ...user, groups: [] } };
  }
  const db = ctx.db.kysely;
  const [roleOrders, roleIds] = await Promise.all([roleOrdersOfUser(db, user.id), roleIdsOfUser(db, user.id)]);
  const { groups } = holdingsOf(user, roleIds, await grantsOfRoles(db, roleIds));
  // Permissions as the request's session loaded them (loadAuthUser), the same rule as every scope.
  return {
    id: user.id,
    rank: { is_superuser: false, roleOrders },
    holdings: { is_superuser: false, permissions: user.permissions, write_permissions: user.write_permissions, system_access: user.system_access, groups },
  };
}

/** What a target user would hold beyond the actor, and the systems of unrestricted group access beyond. */
export function userExcess(actor: GrantActor, target: Holdings): { excess: GrantExcess; groupSystems: number[] } {
  return { excess: grantExcess(actor.holdings, target), groupSystems: target.is_superuser ? [] : unrestrictedGroupSystemsBeyond(actor.holdings, target) };
}

/** True when the target's holdings, group grants included, lie within the actor's. */
export function holdsAtLeast(actor: GrantActor, target: Holdings): boolean {
  const { excess, groupSystems } = userExcess(actor, target);
  return withinBounds(excess) && groupSystems.length === 0 && groupGrantsBeyond(actor.holdings, target.groups).length === 0;
}

/**
 * spec §6 "a role manages users ... below it" and the hardening rule "one can only reset the password of a
 * user one could create": editing, resetting or deleting needs manage_users at write, every role
 * of the user below the actor, and nothing the user holds beyond the actor.
 */
export function canEditUser(actor: GrantActor, target: Holdings & { roleOrders: readonly number[] }): boolean {
  return (
    hasWritePermission(actor.holdings, "admin::manage_users") &&
    canManageUser(actor.rank, { is_superuser: target.is_superuser, roleOrders: target.roleOrders }) &&
    holdsAtLeast(actor, target)
  );
}

/** A role one could create: below one's rank, nothing beyond one's holdings, manage_roles at write. */
export function canEditRole(
  actor: GrantActor,
  role: { sort_order: number; permissions: readonly { code: string; level: string }[]; groups: readonly GroupGrant[] },
): boolean {
  return (
    hasWritePermission(actor.holdings, "admin::manage_roles") &&
    canManageRole(actor.rank, role) &&
    roleGrantsBeyond(actor.holdings, role.permissions).length === 0 &&
    groupGrantsBeyond(actor.holdings, role.groups).length === 0
  );
}

/** Holdings of stored users by id (their roles' grants), for can_edit in lists. */
export async function holdingsOfUsers(
  db: Kysely<Database>,
  users: readonly { id: number; is_superuser: boolean; system_access: readonly number[]; roleIds: readonly number[] }[],
): Promise<Map<number, Holdings>> {
  const grants = await grantsOfRoles(
    db,
    users.flatMap((u) => u.roleIds),
  );
  return new Map(users.map((u) => [u.id, holdingsOf(u, u.roleIds, grants)]));
}
