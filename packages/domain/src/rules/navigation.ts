import { hasPermission, hasPermissions, isLoggedIn } from "../auth-user.ts";
import type { AuthUser } from "../auth-user.ts";
import { isAppGatewayAvailable, isLicensed } from "../licence.ts";
import type { Licence } from "../licence.ts";
import { ANY_MARKER } from "../permissions.ts";
import { routePathByName } from "../routes.ts";
import { treeAreaPath } from "./home-redirect.ts";

/** A main navigation item, in display order. */
export type NavItemId = "overview" | "analytics" | "log" | "display" | "app" | "admin";

/** What the navigation needs to decide which items to show. */
export interface NavigationContext {
  user: AuthUser;
  licence: Licence;
  appState: { app_gateway_enabled: boolean; app_gateway_system_id: number | null };
  currentSystemId: number;
  /** Whether the client has a screen for a path; absent: every item has one. */
  hasScreen?: (path: string) => boolean;
}

/** The route each navigation item leads to, by route name (spec "Navigation items"). */
const NAV_ITEM_ROUTES: Record<NavItemId, string> = {
  overview: "treeView",
  analytics: "analytics",
  log: "log",
  display: "display",
  app: "appManagement",
  admin: "admin",
};

/** The path a navigation item links to. */
export function navItemPath(id: NavItemId): string {
  return routePathByName(NAV_ITEM_ROUTES[id]);
}

/**
 * Where an item leads this user: Overview is the tree area, which for a user who may only see
 * display group overrides is their list (`treeAreaPath`); the others are their route.
 */
export function navItemPathFor(id: NavItemId, user: AuthUser): string {
  return (id === "overview" ? treeAreaPath(user) : null) ?? navItemPath(id);
}

const TREE_OR_OVERRIDES = [ANY_MARKER, "systemtree::use_module", "systemtree::see_display_group_overrides"];

/**
 * spec "Navigation items": Overview (management licensed or superuser, and systemtree module or
 * display group overrides), Analytics (analytics::use_module and licence), Log
 * (calllog::use_module), Visual (no permission), App (app::use_module and app gateway
 * availability), Admin (admin::use_module).
 * "Navigation items whose screen does not exist are hidden, not linked to a 404."
 */
export function visibleNavItems(ctx: NavigationContext): NavItemId[] {
  const { user, licence } = ctx;
  const items: NavItemId[] = [];
  if (isLicensed(licence, "management", user) && hasPermissions(user, TREE_OR_OVERRIDES)) items.push("overview");
  if (hasPermission(user, "analytics::use_module") && isLicensed(licence, "analytics", user)) items.push("analytics");
  if (hasPermission(user, "calllog::use_module")) items.push("log");
  items.push("display");
  if (hasPermission(user, "app::use_module") && isAppGatewayAvailable(licence, ctx.appState, ctx.currentSystemId)) {
    items.push("app");
  }
  if (hasPermission(user, "admin::use_module")) items.push("admin");
  return ctx.hasScreen === undefined ? items : items.filter((id) => ctx.hasScreen?.(navItemPathFor(id, user)) === true);
}

/** What the top bar's parts need; each rule takes only the fields it reads. */
export interface ShellContext {
  user: AuthUser;
  licence: Licence;
  /** A configuration commit is running. */
  committing: boolean;
  /** Name of the current route (e.g. "sync"), null when unknown. */
  routeName: string | null;
  /** AppState features.incidents. */
  incidentsFeature: boolean;
  /** AppState features.demo_mode. */
  demoMode: boolean;
  /** Number of outdated hubs in AppState. */
  outdatedHubCount: number;
  /** The user dismissed the outdated-hub banner in this session. */
  outdatedHubsDismissed: boolean;
}

/** spec: "The top bar shows when the user is logged in or more than one system is available." */
export function showTopBar(user: Pick<AuthUser, "id">, systemCount: number): boolean {
  return isLoggedIn(user) || systemCount > 1;
}

/** spec: "a system selector (only when more than one system)". */
export function showSystemSelector(systemCount: number): boolean {
  return systemCount > 1;
}

/**
 * spec: "a sync indicator (management licensed or superuser, and systemtree::sync; hidden on the
 * sync route)".
 */
export function showSyncIndicator(ctx: Pick<ShellContext, "user" | "licence" | "routeName">): boolean {
  return isLicensed(ctx.licence, "management", ctx.user) && hasPermission(ctx.user, "systemtree::sync") && ctx.routeName !== "sync";
}

/**
 * spec: "an incident indicator (analytics licence, the incidents feature, and
 * analytics::manage_incidents)" and "hidden while a configuration commit runs".
 */
export function showIncidentIndicator(ctx: Pick<ShellContext, "user" | "licence" | "committing" | "incidentsFeature">): boolean {
  return !ctx.committing && isLicensed(ctx.licence, "analytics", ctx.user) && ctx.incidentsFeature && hasPermission(ctx.user, "analytics::manage_incidents");
}

/** spec: "an audit-log button (admin::see_auditlog)", hidden while a commit runs. */
export function showAuditLogButton(ctx: Pick<ShellContext, "user" | "committing">): boolean {
  return !ctx.committing && hasPermission(ctx.user, "admin::see_auditlog");
}

/**
 * spec: "A system search or switch component shows if the user has systemtree::use_module or
 * admin::manage_system, and has the management licence or is superuser."
 */
export function showSystemSearch(ctx: Pick<ShellContext, "user" | "licence">): boolean {
  return hasPermissions(ctx.user, [ANY_MARKER, "systemtree::use_module", "admin::manage_system"]) && isLicensed(ctx.licence, "management", ctx.user);
}

/**
 * spec: "A warning banner about outdated hub data shows when not in demo mode, the user is logged
 * in and hubs are outdated. ... It is dismissible and remembered for the session."
 */
export function showOutdatedHubsBanner(ctx: Pick<ShellContext, "user" | "demoMode" | "outdatedHubCount" | "outdatedHubsDismissed">): boolean {
  return !ctx.demoMode && isLoggedIn(ctx.user) && ctx.outdatedHubCount > 0 && !ctx.outdatedHubsDismissed;
}

/** spec: "It links to the hub list for users with admin::manage_system." */
export function linkOutdatedHubsBanner(user: Pick<AuthUser, "is_superuser" | "permissions">): boolean {
  return hasPermission(user, "admin::manage_system");
}
