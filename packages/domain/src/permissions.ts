/**
 * Permission codes (spec screens-routes-roles §6): "Permission codes are module::action".
 * The list is the contract between server scopes, route guards and the role editor.
 */
export const PERMISSION_CODES = [
  "admin::use_module",
  "admin::manage_backups",
  "admin::manage_display_notes",
  "admin::manage_flightprofiles",
  "admin::manage_reports",
  "admin::manage_roles",
  "admin::manage_system",
  "admin::manage_users",
  "admin::see_auditlog",
  "analytics::use_module",
  "analytics::manage_incidents",
  "analytics::see_defects",
  "analytics::see_low_battery_box",
  "analytics::see_not_reachable_box",
  "analytics::see_repeater_defects",
  "app::use_module",
  "app::manage_devices",
  "app::manage_display_groups",
  "app::manage_notification_channels",
  "app::manage_settings",
  "app::manage_subscriptions",
  "app::manage_user_groups",
  "app::manage_users",
  "app::see_statistic",
  "calllog::use_module",
  "calllog::close_calls",
  "calllog::see_defects",
  "calllog::see_repeater_defects",
  "display::manage_display_profiles",
  "systemtree::use_module",
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
  "systemtree::manage_devices",
  "systemtree::manage_display_group_overrides",
  "systemtree::manage_structure",
  "systemtree::manage_views",
  "systemtree::see_display_group_overrides",
  "systemtree::see_tech_devices",
  "systemtree::see_wired_devices",
  "systemtree::sync",
  "systemtree::toggle_advanced_view",
  "systemtree::trigger_device_actions",
  "visuals::close_calls",
] as const;

/** One `module::action` permission code. */
export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** The module part of a permission code (`admin`, `analytics`, ...). */
export type PermissionModule = PermissionCode extends `${infer M}::${string}` ? M : never;

/**
 * First entry of a permission list meaning "any of the rest".
 * spec: "a permission list (all of them, or any if the first entry is the any marker)".
 */
export const ANY_MARKER = "*any";

const CODE_SET: ReadonlySet<string> = new Set(PERMISSION_CODES);

/** True when `value` is one of the spec's permission codes. */
export function isPermissionCode(value: string): value is PermissionCode {
  return CODE_SET.has(value);
}

/** Permission codes grouped by module, in spec order (for the role editor). */
export function permissionCodesByModule(): Record<PermissionModule, PermissionCode[]> {
  const groups: Record<string, PermissionCode[]> = {};
  for (const code of PERMISSION_CODES) {
    const module = code.slice(0, code.indexOf("::"));
    (groups[module] ??= []).push(code);
  }
  return groups as Record<PermissionModule, PermissionCode[]>;
}
