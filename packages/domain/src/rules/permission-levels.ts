import { isPermissionCode, type PermissionCode } from "../permissions.ts";
import type { RolePermissionLevel } from "./role-hierarchy.ts";

/**
 * spec §6: "Levels are hide, read, write." What a level means depends on what the code guards
 * (docs/decisions/009-permission-levels-and-granting.md):
 * - `view`: screens and queries only; read and write both show them (there is nothing to change).
 * - `manage`: a screen with its data and the changes to it; read shows, write also changes.
 * - `action`: one kind of change and nothing to look at; read gives nothing (like hide), write
 *   allows the action.
 */
export type PermissionKind = "view" | "manage" | "action";

// The kind follows the code's name (spec §6 lists the codes): `use_module`, `see_*` and
// `toggle_*` only show; `change_*`, `create_delete_*`, `enable_*`, `trigger_*` and `close_calls`
// are one action each; the rest (`manage_*`, `sync`) manage a screen's data. A new code is
// classified by its name, not by a second list of codes.
const VIEW = /::(use_module|see_\w+|toggle_\w+)$/;
const ACTION = /::(change_\w+|create_delete_\w+|enable_\w+|trigger_\w+|close_calls)$/;

/** What a permission code guards: `view` or `action` by its name, else `manage`. */
export function permissionKind(code: PermissionCode): PermissionKind {
  if (VIEW.test(code)) return "view";
  if (ACTION.test(code)) return "action";
  return "manage";
}

/** What a level gives its holder, lowest first: nothing, seeing, seeing and changing. */
export const ACCESS_ORDER = ["none", "read", "write"] as const;
export type Access = (typeof ACCESS_ORDER)[number];

/** True when `a` gives at least what `b` gives. */
export function accessCovers(a: Access, b: Access): boolean {
  return ACCESS_ORDER.indexOf(a) >= ACCESS_ORDER.indexOf(b);
}

/**
 * The access a role's level for a code gives (spec: "Levels are hide, read, write"). An unknown
 * code or level gives nothing.
 */
export function accessOf(code: string, level: string): Access {
  if ((level !== "read" && level !== "write") || !isPermissionCode(code)) return "none";
  const kind = permissionKind(code);
  if (kind === "view") return "read";
  if (kind === "action") return level === "write" ? "write" : "none";
  return level;
}

/** The levels that make a difference for a code: what the role editor offers. */
export function meaningfulLevels(code: PermissionCode): readonly RolePermissionLevel[] {
  const kind = permissionKind(code);
  if (kind === "view") return ["hide", "read"];
  if (kind === "action") return ["hide", "write"];
  return ["hide", "read", "write"];
}

/** The current user's permission lists (AuthUser): codes seen, and codes whose changes are allowed. */
export interface PermissionLists {
  /** Codes held at read or write: the screens and queries they guard. */
  permissions: string[];
  /** Codes held at write: also the changes they guard. */
  write_permissions: string[];
}

/**
 * The permission lists of a user from the grants of all their roles; the highest access per code
 * wins. Superusers do not need them (spec: "Superuser has all permissions; roles are ignored").
 */
export function permissionListsOf(grants: readonly { code: string; level: string }[]): PermissionLists {
  const read = new Set<string>();
  const write = new Set<string>();
  for (const { code, level } of grants) {
    const access = accessOf(code, level);
    if (access !== "none") read.add(code);
    if (access === "write") write.add(code);
  }
  return { permissions: [...read].sort(), write_permissions: [...write].sort() };
}

/** What a user holds of a code: superusers everything, others what their lists say. */
export function accessHeld(user: { is_superuser: boolean } & PermissionLists, code: string): Access {
  if (user.is_superuser) return "write";
  if (user.write_permissions.includes(code)) return "write";
  return user.permissions.includes(code) ? "read" : "none";
}
