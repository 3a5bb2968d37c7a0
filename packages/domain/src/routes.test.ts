import { describe, expect, it } from "vitest";
import { ANY_MARKER } from "./permissions.ts";
import { PERMISSION_CODES } from "./permissions.ts";
import { ROUTES, chainPattern, findRouteChain, matchRoute, routePathByName } from "./routes.ts";
import type { RouteDef } from "./routes.ts";

/** Full pattern of the chain a concrete path matches. */
function patternOf(path: string): string | null {
  const chain = findRouteChain(path);
  return chain === null ? null : chainPattern(chain);
}

/** Every permission and licence met on the way root → leaf. */
function requirementsOf(path: string): { permissions: string[]; licences: string[] } {
  const chain = findRouteChain(path) ?? [];
  return {
    permissions: chain.flatMap((def) => def.permissions ?? []),
    licences: chain.flatMap((def) => def.licences ?? []),
  };
}

function allDefs(defs: readonly RouteDef[]): RouteDef[] {
  return defs.flatMap((def) => [def, ...allDefs(def.children ?? [])]);
}

describe("route table", () => {
  // Each row: a concrete path, the pattern it must match, and what the spec's table asks of it.
  it.each([
    ["/login", "/login", [], []], // spec: "/login | none"
    ["/auth/set-password", "/auth/set-password", [], []],
    ["/setup", "/setup", [], []],
    ["/demo", "/demo", [], []],
    ["/", "/", [], []],
    ["/home", "/home", [], []],
    ["/no-access", "/no-access", [], []],
    ["/display", "/display/:slug?", [], []], // spec: "/display/:slug? | none"
    ["/display/ward-3", "/display/:slug?", [], []],
    ["/display/ward-3/call/17", "/display/:slug?/call/:id", [], []],
    ["/display/call/17", "/display/:slug?/call/:id", [], []],
    ["/tree/view/12", "/tree/view/:id", [], []], // spec: "/tree/view/:id (digits)"
    ["/tree", "/tree", ["systemtree::use_module"], []],
    ["/tree/edit", "/tree/edit/:id?", ["systemtree::use_module"], []],
    ["/tree/edit/4/flightprofiles/2", "/tree/edit/:nodeid/flightprofiles/:id?", ["systemtree::use_module", "admin::manage_flightprofiles"], []],
    ["/tree/edit/4/calls", "/tree/edit/:nodeid/calls/:id?", ["systemtree::use_module"], []],
    ["/tree/audit", "/tree/audit/:id?", ["systemtree::use_module", "admin::see_auditlog"], []],
    ["/tree/sort", "/tree/sort", ["systemtree::use_module"], []],
    ["/tree/connections/edit/3", "/tree/connections/edit/:id?", ["systemtree::use_module", "systemtree::manage_devices"], []],
    // spec: "/tree/displaygroupoverrides (+ /edit/:id?) | systemtree::see_display_group_overrides" (not /tree's use_module)
    ["/tree/displaygroupoverrides", "/tree/displaygroupoverrides", ["systemtree::see_display_group_overrides"], []],
    // spec: "edit needs systemtree::manage_display_group_overrides"
    [
      "/tree/displaygroupoverrides/edit",
      "/tree/displaygroupoverrides/edit/:id?",
      ["systemtree::see_display_group_overrides", "systemtree::manage_display_group_overrides"],
      [],
    ],
    ["/tree/overview", "/tree/overview", ["systemtree::use_module"], []],
    ["/log", "/log", ["calllog::use_module"], []],
    ["/log/filters", "/log/filters", ["calllog::use_module"], []],
    ["/log/filters/edit/2", "/log/filters/edit/:id?", ["calllog::use_module"], []],
    ["/log/filters/edit/2/user/5", "/log/filters/edit/:filterId?/user/:id?", ["calllog::use_module"], []],
    ["/log/edit/9", "/log/edit/:id?", ["calllog::use_module"], []],
    // spec: "/analytics | analytics::use_module and analytics licence"
    ["/analytics", "/analytics", ["analytics::use_module"], ["analytics"]],
    ["/analytics/systemtree/edit/1", "/analytics/systemtree/edit/:id?", ["analytics::use_module"], ["analytics"]],
    ["/analytics/call/edit", "/analytics/call/edit/:id?", ["analytics::use_module"], ["analytics"]],
    // spec: "/analytics/incidents | analytics::manage_incidents and analytics licence"
    ["/analytics/incidents", "/analytics/incidents", ["analytics::manage_incidents"], ["analytics"]],
    ["/analytics/incidents/8", "/analytics/incidents/:id", ["analytics::manage_incidents"], ["analytics"]],
    ["/analytics/incidents/systemtree/3", "/analytics/incidents/systemtree/:id?", ["analytics::manage_incidents"], ["analytics"]],
    ["/analytics/incidents/call", "/analytics/incidents/call/:id?", ["analytics::manage_incidents"], ["analytics"]],
    ["/analytics/incidents/notifications", "/analytics/incidents/notifications", ["analytics::manage_incidents"], ["analytics"]],
    ["/analytics/incidents/notifications/user/2", "/analytics/incidents/notifications/user/:id?", ["analytics::manage_incidents"], ["analytics"]],
    ["/sync", "/sync", ["systemtree::sync"], []],
    // spec: "/appmanagement | app::use_module and app licence"
    ["/appmanagement/subscriptions", "/appmanagement/subscriptions", ["app::use_module", "app::manage_subscriptions"], ["app"]],
    ["/appmanagement/statistic", "/appmanagement/statistic", ["app::use_module", "app::see_statistic"], ["app"]],
    ["/appmanagement/groups/displayGroups/4", "/appmanagement/groups/displayGroups/:id?", ["app::use_module", "app::manage_user_groups"], ["app"]],
    ["/appmanagement/users/edit", "/appmanagement/users/edit/:id?", ["app::use_module", "app::manage_users"], ["app"]],
    ["/appmanagement/clients/edit/3", "/appmanagement/clients/edit/:id", ["app::use_module", "app::manage_devices"], ["app"]],
    ["/appmanagement/displaygroups/edit", "/appmanagement/displaygroups/edit/:id?", ["app::use_module", "app::manage_display_groups"], ["app"]],
    ["/appmanagement/notificationchannels", "/appmanagement/notificationchannels", ["app::use_module", "app::manage_notification_channels"], ["app"]],
    ["/appmanagement/settings", "/appmanagement/settings", ["app::use_module", "app::manage_settings"], ["app"]],
    ["/admin/calltypes/sort", "/admin/calltypes/sort", ["admin::use_module", "admin::manage_system"], []],
    ["/admin/alert-channels/edit/-1", "/admin/alert-channels/edit/:id?", ["admin::use_module", "admin::manage_system"], []],
    ["/admin/flightprofiles/edit/2", "/admin/flightprofiles/edit/:id?", ["admin::use_module", "admin::manage_flightprofiles"], []],
    ["/admin/users/edit/2", "/admin/users/edit/:id?", ["admin::use_module", "admin::manage_users"], []],
    ["/admin/roles/sort", "/admin/roles/sort", ["admin::use_module", "admin::manage_roles"], []],
    ["/admin/displaynotes/sort", "/admin/displaynotes/sort", ["admin::use_module", "admin::manage_display_notes"], []],
    ["/admin/gets-cloud", "/admin/gets-cloud", ["admin::use_module", "admin::manage_backups"], []],
    // spec: "/admin backups | admin::manage_backups and management licence"
    ["/admin/backups", "/admin/backups", ["admin::use_module", "admin::manage_backups"], ["management"]],
    ["/admin/ldap", "/admin/ldap", ["admin::use_module", "admin::manage_system"], ["management"]],
    ["/admin/tunnel", "/admin/tunnel", ["admin::use_module", "admin::manage_system"], ["management"]],
    ["/admin/logs", "/admin/logs", ["admin::use_module", "admin::manage_system"], ["management"]],
    ["/admin/updates", "/admin/updates", ["admin::use_module", "admin::manage_system"], ["management"]],
    ["/admin/maintenance", "/admin/maintenance", ["admin::use_module"], []],
    ["/admin/settings", "/admin/settings", ["admin::use_module"], []],
    // spec: "/admin defects | admin::manage_system or calllog::see_defects"
    ["/admin/defects", "/admin/defects", ["admin::use_module", ANY_MARKER, "admin::manage_system", "calllog::see_defects"], []],
    // spec: "/admin reports (+ edit) | admin::manage_reports and analytics licence"
    ["/admin/reports/edit/1", "/admin/reports/edit/:id?", ["admin::use_module", "admin::manage_reports"], ["analytics"]],
    ["/pwa", "/pwa", [], []],
    ["/pwa/incidents", "/pwa/incidents", ["analytics::manage_incidents"], []],
    ["/pwa/calls", "/pwa/calls", [], []],
    ["/pwa/system/edit/1", "/pwa/system/edit/:id?", ["systemtree::use_module"], []],
    ["/pwa/sync", "/pwa/sync", ["systemtree::sync"], []],
    ["/no/such/page", "*", [], []], // spec: "catch-all | none | not-found page"
    ["/tree/view/abc", "*", [], []], // digits only
  ])("%s matches %s", (path, pattern, permissions, licences) => {
    expect(patternOf(path)).toBe(pattern);
    expect(requirementsOf(path)).toEqual({ permissions, licences });
  });

  it.each([
    "systemparams",
    "calltypes",
    "schedules",
    "sections",
    "displaygroups",
    "checkpointmaps",
    "mergegroups",
    "callsources",
    "callsourcegroups",
    "indicators",
    "buttons",
    "hubs",
    "videostreams",
    "alert-channels",
  ])('spec: "/admin %s ... | admin::manage_system (all with edit/:id?)"', (list) => {
    expect(patternOf(`/admin/${list}/edit/7`)).toBe(`/admin/${list}/edit/:id?`);
    expect(requirementsOf(`/admin/${list}`).permissions).toEqual(["admin::use_module", "admin::manage_system"]);
  });

  it('spec: "/admin roles | sort only for superusers"', () => {
    expect(findRouteChain("/admin/roles/sort")?.at(-1)?.superuserOnly).toBe(true);
    expect(findRouteChain("/admin/calltypes/sort")?.at(-1)?.superuserOnly).toBeUndefined();
  });

  it.each([
    ["/login", false],
    ["/setup", false],
    ["/demo", false],
    ["/no-access", false],
    ["/display", false],
    ["/nowhere", false],
    ["/auth/set-password", true],
    ["/tree", true],
    ["/pwa", true],
  ])("%s needs login: %s", (path, expected) => {
    const chain = findRouteChain(path) ?? [];
    expect(chain.some((def) => def.auth !== false)).toBe(expected);
  });

  it("uses only known permission codes", () => {
    const known = new Set<string>([...PERMISSION_CODES, ANY_MARKER]);
    for (const def of allDefs(ROUTES)) for (const code of def.permissions ?? []) expect(known).toContain(code);
  });

  it("matches params, ignoring query and trailing slash", () => {
    expect(matchRoute("/tree/edit/4/flightprofiles/2?x=1")?.params).toEqual({ nodeid: "4", id: "2" });
    expect(patternOf("/admin/")).toBe("/admin");
  });
});

describe("routePathByName", () => {
  // spec: "Route names used for navigation: login, homepage, treeView, ..."
  it.each<[string, Record<string, string | number>, Record<string, string | number>, string]>([
    ["login", {}, {}, "/login"],
    ["homepage", {}, {}, "/home"],
    ["treeView", {}, {}, "/tree"],
    ["analytics", {}, {}, "/analytics"],
    ["log", {}, {}, "/log"],
    ["display", {}, {}, "/display"],
    ["display", { slug: "station-2" }, {}, "/display/station-2"],
    ["appManagement", {}, {}, "/appmanagement"],
    ["admin", {}, {}, "/admin"],
    ["sync", {}, {}, "/sync"],
    ["systemParamList", {}, {}, "/admin/systemparams"],
    ["incidentsList", {}, {}, "/analytics/incidents"],
    ["hubList", {}, {}, "/admin/hubs"],
    ["accessDenied", {}, {}, "/no-access"],
    ["systemTreeNodeForm", { id: 5 }, {}, "/tree/edit/5"],
    ["flightProfileForm", { id: 3 }, {}, "/admin/flightprofiles/edit/3"],
    ["systemTreeNodeAuditLog", { id: 5 }, {}, "/tree/audit/5"],
    ["displayCallForm", { id: 9, slug: "a" }, {}, "/display/a/call/9"],
    ["displayCallForm", { id: 9 }, {}, "/display/call/9"],
    ["callForm", { id: 9 }, { system: 2 }, "/log/edit/9?system=2"],
    ["set-password", {}, {}, "/auth/set-password"],
    ["setup", {}, {}, "/setup"],
  ])("%s %j %j → %s", (name, params, query, expected) => {
    expect(routePathByName(name, params, query)).toBe(expected);
    expect(findRouteChain(expected)?.at(-1)?.name).toBe(name);
  });

  it.each([
    ["unknown name", () => routePathByName("nope")],
    ["missing required id", () => routePathByName("displayCallForm", {})],
  ])("throws on %s", (_label, call) => {
    expect(call).toThrow();
  });
});
