import { z } from "zod";
import { PERMISSION_CODES } from "../permissions.ts";

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
export function techAccessLevel(
  user: { is_superuser: boolean },
  groupPermissions: readonly { flag: string; permission_level: AccessLevel }[],
): AccessLevel {
  if (user.is_superuser || groupPermissions.length === 0) return "Full";
  return highestAccessLevel(groupPermissions.filter((g) => g.flag === "Tech").map((g) => g.permission_level));
}

/**
 * spec §6: "Permissions can be copied and pasted between servers." The clipboard holds this JSON;
 * pasting validates it, so only known permission codes and levels come in.
 */
export const ROLE_PERMISSIONS_CLIPBOARD_FORMAT = "caresuite.role-permissions";
export const rolePermissionsClipboardSchema = z
  .object({
    format: z.literal(ROLE_PERMISSIONS_CLIPBOARD_FORMAT),
    version: z.literal(1),
    permissions: z
      .array(
        z.object({ code: z.enum(PERMISSION_CODES), level: z.enum(ROLE_PERMISSION_LEVELS) }).strict(),
      )
      .max(PERMISSION_CODES.length),
  })
  .strict();
export type RolePermissionsClipboard = z.infer<typeof rolePermissionsClipboardSchema>;

/** The clipboard text of a role's permissions. */
export function serializeRolePermissions(permissions: readonly { code: string; level: RolePermissionLevel }[]): string {
  return JSON.stringify({ format: ROLE_PERMISSIONS_CLIPBOARD_FORMAT, version: 1, permissions }, null, 2);
}

/** Parses pasted text; null when it is not a valid permission clipboard. */
export function parseRolePermissions(text: string): RolePermissionsClipboard | null {
  try {
    const parsed = rolePermissionsClipboardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
