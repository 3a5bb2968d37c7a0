import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER } from "../auth-user.ts";
import type { AuthUser } from "../auth-user.ts";
import { UNLICENSED } from "../licence.ts";
import type { Licence } from "../licence.ts";
import { buildLicence, buildSuperuser, buildUser } from "../test-builders.ts";
import {
  navItemPathFor,
  linkOutdatedHubsBanner,
  navItemPath,
  showAuditLogButton,
  showIncidentIndicator,
  showOutdatedHubsBanner,
  showSyncIndicator,
  showSystemSearch,
  showSystemSelector,
  showTopBar,
  visibleNavItems,
} from "./navigation.ts";
import type { NavItemId } from "./navigation.ts";

const full = buildLicence();
const noManagement = buildLicence({ features: { management: false } });
const gatewayOn = { app_gateway_enabled: true, app_gateway_system_id: 1 };

describe("visibleNavItems", () => {
  it.each<[string, AuthUser, Licence, NavItemId[]]>([
    // spec: "Visual (display): no permission."
    ["anonymous sees only the display", ANONYMOUS_USER, full, ["display"]],
    // spec: "Overview: management licensed or superuser, and the user may use the systemtree module or see display group overrides."
    ["overview via systemtree", buildUser({ permissions: ["systemtree::use_module"] }), full, ["overview", "display"]],
    ["overview via overrides", buildUser({ permissions: ["systemtree::see_display_group_overrides"] }), full, ["overview", "display"]],
    ["no overview without management licence", buildUser({ permissions: ["systemtree::use_module"] }), noManagement, ["display"]],
    // spec: "Analytics: analytics::use_module and analytics licence."
    ["analytics licensed", buildUser({ permissions: ["analytics::use_module"] }), full, ["analytics", "display"]],
    ["analytics unlicensed", buildUser({ permissions: ["analytics::use_module"] }), buildLicence({ features: { analytics: false } }), ["display"]],
    // spec: "Log: calllog::use_module."
    ["log", buildUser({ permissions: ["calllog::use_module"] }), UNLICENSED, ["log", "display"]],
    // spec: "App: app::use_module and app gateway availability."
    ["app", buildUser({ permissions: ["app::use_module"] }), full, ["display", "app"]],
    ["app without app clients", buildUser({ permissions: ["app::use_module"] }), buildLicence({ limits: { app_clients: 0 } }), ["display"]],
    // spec: "Admin: admin::use_module."
    ["admin", buildUser({ permissions: ["admin::use_module"] }), UNLICENSED, ["display", "admin"]],
    ["superuser, unlicensed", buildSuperuser(), UNLICENSED, ["overview", "log", "display", "admin"]],
    ["superuser, full licence", buildSuperuser(), full, ["overview", "analytics", "log", "display", "app", "admin"]],
  ])("%s", (_label, user, licence, expected) => {
    expect(visibleNavItems({ user, licence, appState: gatewayOn, currentSystemId: 1 })).toEqual(expected);
  });

  // "Navigation items whose screen does not exist are hidden, not linked to a 404."
  it("hides items whose screen does not exist", () => {
    const built = new Set(["/display", "/admin"]);
    const hasScreen = (path: string): boolean => built.has(path);
    expect(visibleNavItems({ user: buildSuperuser(), licence: full, appState: gatewayOn, currentSystemId: 1, hasScreen })).toEqual(["display", "admin"]);
  });

  it("links each item to its route", () => {
    expect([navItemPath("overview"), navItemPath("log"), navItemPath("display"), navItemPath("admin")]).toEqual(["/tree", "/log", "/display", "/admin"]);
  });

  // spec "Overview: ... the user may use the systemtree module or see display group overrides": for a
  // user who may only see the overrides, Overview is their list (/tree needs systemtree::use_module).
  it.each<[string, AuthUser, string]>([
    ["systemtree module", buildUser({ permissions: ["systemtree::use_module"] }), "/tree"],
    ["overrides only", buildUser({ permissions: ["systemtree::see_display_group_overrides"] }), "/tree/displaygroupoverrides"],
    ["both", buildUser({ permissions: ["systemtree::use_module", "systemtree::see_display_group_overrides"] }), "/tree"],
  ])("leads Overview to the tree area of the user (%s)", (_label, user, path) => {
    expect(navItemPathFor("overview", user)).toBe(path);
    const hasScreen = (target: string): boolean => target === path || target === "/display";
    expect(visibleNavItems({ user, licence: full, appState: gatewayOn, currentSystemId: 1, hasScreen })).toContain("overview");
  });

  it("hides App when the current system is not the gateway system", () => {
    const user = buildUser({ permissions: ["app::use_module"] });
    expect(visibleNavItems({ user, licence: full, appState: gatewayOn, currentSystemId: 2 })).toEqual(["display"]);
  });
});

describe("application shell", () => {
  // spec: "The top bar shows when the user is logged in or more than one system is available."
  it.each([
    [ANONYMOUS_USER, 1, false],
    [ANONYMOUS_USER, 2, true],
    [buildUser(), 1, true],
    [buildUser(), 0, true],
  ])("showTopBar(user %#, %i systems) → %s", (user, systems, expected) => {
    expect(showTopBar(user, systems)).toBe(expected);
  });

  // spec: "a system selector (only when more than one system)"
  it.each([
    [0, false],
    [1, false],
    [2, true],
  ])("showSystemSelector(%i) → %s", (systems, expected) => {
    expect(showSystemSelector(systems)).toBe(expected);
  });

  // spec: "a sync indicator (management licensed or superuser, and systemtree::sync; hidden on the sync route)"
  const syncer = buildUser({ permissions: ["systemtree::sync"] });
  it.each<[string, AuthUser, Licence, string | null, boolean]>([
    ["licensed with permission", syncer, full, "treeView", true],
    ["on the sync route", syncer, full, "sync", false],
    ["no management licence", syncer, noManagement, "log", false],
    ["superuser without licence", buildSuperuser(), UNLICENSED, null, true],
    ["without systemtree::sync", buildUser(), full, null, false],
  ])("showSyncIndicator: %s", (_label, user, licence, routeName, expected) => {
    expect(showSyncIndicator({ user, licence, routeName })).toBe(expected);
  });

  // spec: "an incident indicator (analytics licence, the incidents feature, and analytics::manage_incidents)"
  // and "The incident indicator and audit-log button are hidden while a configuration commit runs."
  const incidentManager = buildUser({ permissions: ["analytics::manage_incidents"] });
  it.each<[string, AuthUser, Licence, boolean, boolean, boolean]>([
    ["all conditions", incidentManager, full, true, false, true],
    ["feature off", incidentManager, full, false, false, false],
    ["no analytics licence", incidentManager, buildLicence({ features: { analytics: false } }), true, false, false],
    ["no permission", buildUser(), full, true, false, false],
    ["while committing", incidentManager, full, true, true, false],
  ])("showIncidentIndicator: %s", (_label, user, licence, incidentsFeature, committing, expected) => {
    expect(showIncidentIndicator({ user, licence, incidentsFeature, committing })).toBe(expected);
  });

  // spec: "an audit-log button (admin::see_auditlog)"
  it.each<[string, AuthUser, boolean, boolean]>([
    ["with permission", buildUser({ permissions: ["admin::see_auditlog"] }), false, true],
    ["while committing", buildUser({ permissions: ["admin::see_auditlog"] }), true, false],
    ["without permission", buildUser(), false, false],
  ])("showAuditLogButton: %s", (_label, user, committing, expected) => {
    expect(showAuditLogButton({ user, committing })).toBe(expected);
  });

  // spec: "A system search or switch component shows if the user has systemtree::use_module or
  // admin::manage_system, and has the management licence or is superuser."
  it.each<[string, AuthUser, Licence, boolean]>([
    ["systemtree, licensed", buildUser({ permissions: ["systemtree::use_module"] }), full, true],
    ["manage_system, licensed", buildUser({ permissions: ["admin::manage_system"] }), full, true],
    ["systemtree, unlicensed", buildUser({ permissions: ["systemtree::use_module"] }), noManagement, false],
    ["superuser, unlicensed", buildSuperuser(), UNLICENSED, true],
    ["neither permission", buildUser({ permissions: ["calllog::use_module"] }), full, false],
  ])("showSystemSearch: %s", (_label, user, licence, expected) => {
    expect(showSystemSearch({ user, licence })).toBe(expected);
  });

  // spec: "A warning banner about outdated hub data shows when not in demo mode, the user is logged
  // in and hubs are outdated. ... It is dismissible and remembered for the session."
  it.each<[string, AuthUser, boolean, number, boolean, boolean]>([
    ["shows", buildUser(), false, 2, false, true],
    ["demo mode", buildUser(), true, 2, false, false],
    ["anonymous", ANONYMOUS_USER, false, 2, false, false],
    ["no outdated hubs", buildUser(), false, 0, false, false],
    ["dismissed", buildUser(), false, 2, true, false],
  ])("showOutdatedHubsBanner: %s", (_label, user, demoMode, outdatedHubCount, outdatedHubsDismissed, expected) => {
    expect(showOutdatedHubsBanner({ user, demoMode, outdatedHubCount, outdatedHubsDismissed })).toBe(expected);
  });

  it('spec: "It links to the hub list for users with admin::manage_system."', () => {
    expect(linkOutdatedHubsBanner(buildUser({ permissions: ["admin::manage_system"] }))).toBe(true);
    expect(linkOutdatedHubsBanner(buildUser())).toBe(false);
  });
});
