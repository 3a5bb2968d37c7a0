import { describe, expect, it } from "vitest";
import type { AuthUser } from "../auth-user.ts";
import { ANONYMOUS_USER } from "../auth-user.ts";
import { UNLICENSED } from "../licence.ts";
import type { Licence } from "../licence.ts";
import { findRouteChain } from "../routes.ts";
import { buildLicence, buildSuperuser, buildUser } from "../test-builders.ts";
import { guardRoute } from "./route-guard.ts";
import type { GuardContext, GuardResult } from "./route-guard.ts";

const full = buildLicence();
const noManagement = buildLicence({ features: { management: false } });
const logUser = buildUser({ permissions: ["calllog::use_module"] });
const treeUser = buildUser({ permissions: ["systemtree::use_module", "calllog::use_module", "systemtree::sync"] });
const adminUser = buildUser({ permissions: ["admin::use_module", "admin::manage_users", "admin::manage_roles"] });
const superuser = buildSuperuser();

function guard(path: string, user: AuthUser, licence: Licence = full, extra: Partial<GuardContext> = {}): GuardResult {
  const chain = findRouteChain(path);
  if (chain === null) throw new Error(`no route for ${path}`);
  return guardRoute(chain, path, { user, licence, committing: false, demoMode: false, ...extra });
}

const allow: GuardResult = { kind: "allow" };
const to = (path: string, accessDenied = false): GuardResult => ({ kind: "redirect", to: path, accessDenied });
const denied = to("/no-access", true);

describe("guardRoute: auth", () => {
  // spec: "an auth flag (login needed unless the flag is false)" and "/login | none | redirect
  // query parameter holds the full path to return to"
  it.each([
    ["/admin/users?page=2", ANONYMOUS_USER, to("/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2")],
    ["/auth/set-password", ANONYMOUS_USER, to("/login?redirect=%2Fauth%2Fset-password")],
    ["/display/call/4", ANONYMOUS_USER, to("/login?redirect=%2Fdisplay%2Fcall%2F4")], // spec: "Only logged-in users can open call forms"
    ["/display/ward", ANONYMOUS_USER, allow], // spec: "Anonymous visitors can view displays."
    ["/login", ANONYMOUS_USER, allow],
    ["/setup", ANONYMOUS_USER, allow],
    ["/no-access", ANONYMOUS_USER, allow],
    ["/unknown/page", ANONYMOUS_USER, allow],
    ["/", ANONYMOUS_USER, to("/home")], // spec: "/ | main layout | redirects to the home route"
  ])("%s", (path, user, expected) => {
    expect(guard(path, user)).toEqual(expected);
  });
});

describe("guardRoute: a temporary password", () => {
  // "a user with a temporary password can call nothing but set-password and logout".
  const temporary = buildSuperuser({ password_is_temporary: true });
  it.each([
    ["/admin/users", to("/auth/set-password")],
    ["/log", to("/auth/set-password")],
    ["/", to("/home")], // the root only redirects; /home then needs the login
    ["/auth/set-password", allow],
    ["/display/ward", allow], // the public board needs no login
    ["/login", allow],
  ])("%s", (path, expected) => {
    expect(guard(path, temporary)).toEqual(expected);
  });
});

describe("guardRoute: permissions and licences", () => {
  // spec: "Missing permission or licence shows an error notification ... and goes to accessDenied."
  it.each<[string, string, AuthUser, Licence, GuardResult]>([
    ["log allowed", "/log", logUser, full, allow],
    ["admin without admin::use_module", "/admin/users", logUser, full, denied],
    ["admin users with permission", "/admin/users", adminUser, full, allow],
    ["admin calltypes without manage_system", "/admin/calltypes", adminUser, full, denied],
    [
      "analytics without licence",
      "/analytics",
      buildUser({ permissions: ["analytics::use_module"] }),
      buildLicence({ features: { analytics: false } }),
      denied,
    ],
    ["analytics with licence", "/analytics", buildUser({ permissions: ["analytics::use_module"] }), full, allow],
    ["backups without management licence", "/admin/backups", buildUser({ permissions: ["admin::use_module", "admin::manage_backups"] }), noManagement, denied],
    // spec: "A superuser counts as management licensed."
    ["superuser, backups, no management licence", "/admin/backups", superuser, noManagement, allow],
    ["superuser, analytics unlicensed", "/analytics", superuser, UNLICENSED, denied],
    [
      "app management, app_clients 0",
      "/appmanagement/settings",
      buildUser({ permissions: ["app::use_module", "app::manage_settings"] }),
      buildLicence({ limits: { app_clients: 0 } }),
      denied,
    ],
    // spec: "/admin defects | admin::manage_system or calllog::see_defects"
    ["defects via calllog::see_defects", "/admin/defects", buildUser({ permissions: ["admin::use_module", "calllog::see_defects"] }), full, allow],
    // spec: "/admin roles | admin::manage_roles | sort only for superusers, others go to no-access"
    ["roles sort, non-superuser", "/admin/roles/sort", adminUser, full, denied],
    ["roles sort, superuser", "/admin/roles/sort", superuser, full, allow],
    ["roles list, non-superuser", "/admin/roles", adminUser, full, allow],
    // spec: "/tree/displaygroupoverrides (+ /edit/:id?) | systemtree::see_display_group_overrides": a user
    // who may only see them reaches the list (not /tree, which needs systemtree::use_module).
    ["overrides list, see only", "/tree/displaygroupoverrides", buildUser({ permissions: ["systemtree::see_display_group_overrides"] }), full, allow],
    // ... while /tree itself keeps the spec's tree rule: "without the systemtree permission ... sent to the log if
    // they may use the call log, otherwise to display" (their Overview link leads to the list instead).
    ["the tree, overrides only", "/tree", buildUser({ permissions: ["systemtree::see_display_group_overrides"] }), full, to("/display")],
    [
      "override edit with manage, without the systemtree module",
      "/tree/displaygroupoverrides/edit/1",
      buildUser({ permissions: ["systemtree::see_display_group_overrides", "systemtree::manage_display_group_overrides"] }),
      full,
      allow,
    ],
    // spec: "edit needs systemtree::manage_display_group_overrides"
    [
      "override edit without manage",
      "/tree/displaygroupoverrides/edit/1",
      buildUser({ permissions: ["systemtree::use_module", "systemtree::see_display_group_overrides"] }),
      full,
      denied,
    ],
  ])("%s", (_label, path, user, licence, expected) => {
    expect(guard(path, user, licence)).toEqual(expected);
  });

  it('spec: "subscriptions | app::manage_subscriptions, only if subscriptions are enabled in app settings"', () => {
    const user = buildUser({ permissions: ["app::use_module", "app::manage_subscriptions"] });
    expect(guard("/appmanagement/subscriptions", user, full, { appSubscriptionsEnabled: true })).toEqual(allow);
    expect(guard("/appmanagement/subscriptions", user, full, { appSubscriptionsEnabled: false })).toEqual(denied);
    expect(guard("/appmanagement/subscriptions", user, full)).toEqual(denied);
  });
});

describe("guardRoute: tree rule", () => {
  // spec: "A logged-in non-superuser without the systemtree permission and management licence who
  // goes to the tree is sent to the log if they may use the call log, otherwise to display."
  it.each<[string, string, AuthUser, Licence, GuardResult]>([
    ["no systemtree permission, may use log", "/tree", logUser, full, to("/log")],
    ["no systemtree permission, no log", "/tree", buildUser(), full, to("/display")],
    ["permission but no management licence", "/tree", treeUser, noManagement, to("/log")],
    ["child route too", "/tree/edit/3", logUser, full, to("/log")],
    ["permission and licence", "/tree", treeUser, full, allow],
    ["superuser without licence", "/tree", superuser, UNLICENSED, allow],
    ["anonymous goes to login first", "/tree", ANONYMOUS_USER, full, to("/login?redirect=%2Ftree")],
  ])("%s", (_label, path, user, licence, expected) => {
    expect(guard(path, user, licence)).toEqual(expected);
  });

  // "skip targets that have no screen yet, following the spec's order, down to the display".
  it("sends a log user to the display while the log has no screen", () => {
    expect(guard("/tree", logUser, full, { hasScreen: (path) => path !== "/log" })).toEqual(to("/display"));
  });

  it.each([
    // spec: "/tree/view/:id (digits) | redirects to /tree with query view=id"
    ["/tree/view/12", to("/tree?view=12")],
    // spec: "/tree/overview | redirects to /tree" (error catalogue adds systemRedirect=1, kept)
    ["/tree/overview", to("/tree")],
    ["/tree/overview?systemRedirect=1", to("/tree?systemRedirect=1")],
  ])("%s", (path, expected) => {
    expect(guard(path, treeUser)).toEqual(expected);
  });
});

describe("guardRoute: first-child redirect", () => {
  // spec: "A route that redirects to its first child goes to the first child the user may access;
  // if none, to accessDenied when logged in, else to login."
  it.each<[string, string, AuthUser, GuardResult]>([
    ["admin, users is the first allowed child", "/admin", adminUser, to("/admin/users")],
    ["admin, superuser gets the first child", "/admin", superuser, to("/admin/systemparams")],
    ["admin with only use_module reaches maintenance", "/admin", buildUser({ permissions: ["admin::use_module"] }), to("/admin/maintenance")],
    [
      "app management, statistic first (subscriptions disabled)",
      "/appmanagement",
      buildUser({ permissions: ["app::use_module", "app::manage_subscriptions", "app::see_statistic"] }),
      to("/appmanagement/statistic"),
    ],
    ["app management, no child allowed", "/appmanagement", buildUser({ permissions: ["app::use_module"] }), denied],
    // spec: "/pwa | redirects to /pwa/overview"
    ["pwa", "/pwa", logUser, to("/pwa/overview")],
  ])("%s", (_label, path, user, expected) => {
    expect(guard(path, user)).toEqual(expected);
  });

  // Children the client has no screen for yet are skipped while another accessible one has one.
  const built =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);
  it.each<[string, AuthUser, (path: string) => boolean, GuardResult]>([
    ["superuser skips systemparams without a screen", superuser, built("/admin/calltypes", "/admin/settings"), to("/admin/calltypes")],
    [
      "use_module only reaches settings, not maintenance",
      buildUser({ permissions: ["admin::use_module"] }),
      built("/admin/calltypes", "/admin/settings"),
      to("/admin/settings"),
    ],
    ["no accessible child has a screen: the first accessible one", adminUser, built("/admin/calltypes"), to("/admin/users")],
  ])("%s", (_label, user, hasScreen, expected) => {
    expect(guard("/admin", user, full, { hasScreen })).toEqual(expected);
  });
});

describe("guardRoute: committing", () => {
  // spec: "While a configuration commit runs, navigation to any route other than display, sync or
  // login is sent to sync, except for user id 0."
  it.each<[string, AuthUser, GuardResult]>([
    ["/admin/users", adminUser, to("/sync")],
    ["/log", logUser, to("/sync")],
    ["/home", logUser, to("/sync")],
    ["/display/ward", logUser, allow],
    ["/display/ward/call/3", logUser, allow],
    ["/sync", treeUser, allow],
    ["/login", logUser, allow],
    // A user without systemtree::sync is denied /sync; /no-access stays open so nothing loops.
    ["/no-access", logUser, allow],
    ["/log", ANONYMOUS_USER, to("/login?redirect=%2Flog")],
  ])("%s", (path, user, expected) => {
    expect(guard(path, user, full, { committing: true })).toEqual(expected);
  });
});
