import { describe, expect, it } from "vitest";
import { ANY_MARKER, PERMISSION_CODES, isPermissionCode, permissionCodesByModule } from "./permissions.ts";

describe("PERMISSION_CODES", () => {
  // Each row quotes the spec's list for one module; the code list must match it exactly.
  it.each([
    [
      "admin",
      "use_module, manage_backups, manage_display_notes, manage_flightprofiles, manage_reports, manage_roles, manage_system, manage_users, see_auditlog",
    ],
    ["analytics", "use_module, manage_incidents, see_defects, see_low_battery_box, see_not_reachable_box, see_repeater_defects"],
    [
      "app",
      "use_module, manage_devices, manage_display_groups, manage_notification_channels, manage_settings, manage_subscriptions, manage_user_groups, manage_users, see_statistic",
    ],
    ["calllog", "use_module, close_calls, see_defects, see_repeater_defects"],
    ["display", "manage_display_profiles"],
    [
      "systemtree",
      "use_module, change_activity_control, change_device_serials, change_flight_profiles, change_gets_attributes, change_linked_devices, change_parents, change_sections, change_sound_levels, change_tech_devices, change_wired_devices, create_delete_devices, create_delete_tech_devices, create_delete_wired_devices, enable_activity_control, manage_devices, manage_display_group_overrides, manage_structure, manage_views, see_display_group_overrides, see_tech_devices, see_wired_devices, sync, toggle_advanced_view, trigger_device_actions",
    ],
    ["visuals", "close_calls"],
  ])('spec: "%s: %s"', (module, actions) => {
    const expected = actions.split(", ").map((a) => `${module}::${a}`);
    const groups: Record<string, readonly string[]> = permissionCodesByModule();
    expect(groups[module]).toEqual(expected);
  });

  it('spec: "Permission codes are module::action" (no other codes, no duplicates)', () => {
    expect(PERMISSION_CODES).toHaveLength(9 + 6 + 9 + 4 + 1 + 25 + 1);
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    for (const code of PERMISSION_CODES) expect(code).toMatch(/^[a-z]+::[a-z_]+$/);
  });

  it.each([
    ["admin::use_module", true],
    ["visuals::close_calls", true],
    ["admin::unknown", false],
    [ANY_MARKER, false],
    ["", false],
  ])("isPermissionCode(%j) is %s", (value, expected) => {
    expect(isPermissionCode(value)).toBe(expected);
  });

  it('spec: "or any if the first entry is the any marker" uses "*any"', () => {
    expect(ANY_MARKER).toBe("*any");
  });
});
