/**
 * spec §6: "Roles are sortable: a role manages users and roles below it. Levels are hide, read,
 * write." A lower sort_order ranks higher. Superusers manage everything; only superusers manage
 * superusers.
 */
export interface RoleActor {
  is_superuser: boolean;
  /** sort_order of each of the actor's roles */
  roleOrders: readonly number[];
}

/** The actor's rank: the best (lowest) sort_order of their roles; Infinity without roles. */
export function actorRank(actor: RoleActor): number {
  return actor.roleOrders.length === 0 ? Infinity : Math.min(...actor.roleOrders);
}

/** spec: "a role manages ... roles below it". */
export function canManageRole(actor: RoleActor, role: { sort_order: number }): boolean {
  return actor.is_superuser || role.sort_order > actorRank(actor);
}

/** spec: "a role manages users ... below it": every role of the target must be below the actor. */
export function canManageUser(actor: RoleActor, target: { is_superuser: boolean; roleOrders: readonly number[] }): boolean {
  if (actor.is_superuser) return true;
  if (target.is_superuser) return false;
  return target.roleOrders.every((order) => canManageRole(actor, { sort_order: order }));
}

/** spec data §3.1 "Role-level display uses hide, read, write." */
export const ROLE_PERMISSION_LEVELS = ["hide", "read", "write"] as const;
export type RolePermissionLevel = (typeof ROLE_PERMISSION_LEVELS)[number];

/** spec data §3.1 "Permission level: None, Read, Write, Full. The highest level per call source wins." */
export const ACCESS_LEVELS = ["None", "Read", "Write", "Full"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The highest of several levels (None when there are none). */
export function highestAccessLevel(levels: readonly AccessLevel[]): AccessLevel {
  return levels.reduce<AccessLevel>((best, level) => (ACCESS_LEVELS.indexOf(level) > ACCESS_LEVELS.indexOf(best) ? level : best), "None");
}

/**
 * spec §6: "Tech access is full for superusers or users without group permissions; otherwise the
 * highest level among groups flagged tech, none if there are none."
 */
export function techAccessLevel(user: { is_superuser: boolean }, groupPermissions: readonly { flag: string; permission_level: AccessLevel }[]): AccessLevel {
  if (user.is_superuser || groupPermissions.length === 0) return "Full";
  return highestAccessLevel(groupPermissions.filter((g) => g.flag === "Tech").map((g) => g.permission_level));
}
