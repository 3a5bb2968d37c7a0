/**
 * Which views of the system tree a user sees and may edit (spec data §3.6 "Tree view: name,
 * is_enabled, roles restriction. System view: is_enabled, is_system_view, sort_order,
 * apply_permissions, filters (key, value), role_permissions, can_edit.").
 */

export type ViewLevel = "read" | "write";

export interface SystemViewRule {
  is_enabled: boolean;
  is_system_view: boolean;
  sort_order: number;
  apply_permissions: boolean;
  /** A role without a level has the default: write. */
  role_permissions: readonly { role_id: number; level?: ViewLevel | null }[];
}

export interface ViewUser {
  is_superuser: boolean;
  roles: readonly { id: number }[];
}

/** The level a user has on a view, or null when the view is hidden from them. */
export function systemViewLevel(view: SystemViewRule, user: ViewUser): ViewLevel | null {
  if (user.is_superuser || !view.apply_permissions) return "write";
  const roleIds = new Set(user.roles.map((role) => role.id));
  const levels = view.role_permissions.filter((entry) => roleIds.has(entry.role_id)).map((entry) => entry.level ?? "write");
  if (levels.includes("write")) return "write";
  return levels.includes("read") ? "read" : null;
}

/**
 * spec §4 "System views: if none is enabled, the system view counts as enabled. Sorted by
 * sort_order. Non-superusers see a view if it does not apply permissions or one of their roles
 * has read or write (default write); they edit only with write."
 */
export function visibleSystemViews<V extends SystemViewRule>(views: readonly V[], user: ViewUser): (V & { can_edit: boolean })[] {
  const noneEnabled = views.every((view) => !view.is_enabled);
  return views
    .filter((view) => view.is_enabled || (noneEnabled && view.is_system_view))
    .flatMap((view) => {
      const level = systemViewLevel(view, user);
      return level === null ? [] : [{ ...view, can_edit: level === "write" }];
    })
    .sort((a, b) => a.sort_order - b.sort_order);
}

export interface TreeViewRule {
  is_enabled: boolean;
  /** "roles restriction": empty for every role. */
  role_ids: readonly number[];
}

/** A tree view shows when enabled and unrestricted or restricted to one of the user's roles (superusers: every enabled one). */
export function isTreeViewVisible(view: TreeViewRule, user: ViewUser): boolean {
  if (!view.is_enabled) return false;
  if (user.is_superuser || view.role_ids.length === 0) return true;
  return user.roles.some((role) => view.role_ids.includes(role.id));
}
