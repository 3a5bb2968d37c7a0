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

const VIEW: ReadonlySet<string> = new Set<PermissionCode>([
  "admin::use_module",
  "admin::see_auditlog",
  "analytics::use_module",
  "analytics::see_defects",
  "analytics::see_low_battery_box",
  "analytics::see_not_reachable_box",
  "analytics::see_repeater_defects",
  "app::use_module",
  "app::see_statistic",
  "calllog::use_module",
  "calllog::see_defects",
  "calllog::see_repeater_defects",
  "systemtree::use_module",
  "systemtree::see_display_group_overrides",
  "systemtree::see_tech_devices",
  "systemtree::see_wired_devices",
  "systemtree::toggle_advanced_view",
]);

const ACTION: ReadonlySet<string> = new Set<PermissionCode>([
  "calllog::close_calls",
  "visuals::close_calls",
  "systemtree::change_activity_control",
  "systemtree::change_device_serials",
  "systemtree::change_flight_profiles",
  "systemtree::change_gets_attributes",
  "systemtree::change_linked_devices",
  "systemtree::change_parents",
  "systemtree::change_sections",
  "systemtree::change_sound_levels",
  "systemtree::change_tech_devices",
  "systemtree::change_wired_devices",
  "systemtree::create_delete_devices",
  "systemtree::create_delete_tech_devices",
  "systemtree::create_delete_wired_devices",
  "systemtree::enable_activity_control",
  "systemtree::trigger_device_actions",
]);

/** What a permission code guards; every code not listed as view or action is a `manage` code. */
export function permissionKind(code: PermissionCode): PermissionKind {
  if (VIEW.has(code)) return "view";
  if (ACTION.has(code)) return "action";
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
