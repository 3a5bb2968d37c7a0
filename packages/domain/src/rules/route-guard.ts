import { hasPermission, hasPermissions, isLoggedIn } from "../auth-user.ts";
import type { AuthUser } from "../auth-user.ts";
import { isLicensed } from "../licence.ts";
import type { Licence } from "../licence.ts";
import { fillPattern, matchRoute } from "../routes.ts";
import type { RouteDef } from "../routes.ts";

/** What a route guard needs to know about the session. */
export interface GuardContext {
  user: AuthUser;
  licence: Licence;
  /** A configuration commit is running (see isCommitting). */
  committing: boolean;
  demoMode: boolean;
  /**
   * App settings `subscriptions_enabled`. spec: "subscriptions ... only if subscriptions are
   * enabled in app settings"; anything but true keeps that page closed.
   */
  appSubscriptionsEnabled?: boolean;
  /**
   * Whether the client has a screen for a concrete path. The route table lists every route of
   * the spec, the client builds them one by one: a first-child redirect prefers children with a
   * screen, so /admin does not land on a page that does not exist yet. Absent: all have one.
   */
  hasScreen?: (path: string) => boolean;
}

/** The guard's verdict: go on, or go elsewhere (`accessDenied` asks for the error notification). */
export type GuardResult = { kind: "allow" } | { kind: "redirect"; to: string; accessDenied: boolean };

const ALLOW: GuardResult = { kind: "allow" };
export const LOGIN_PATH = "/login";
export const ACCESS_DENIED_PATH = "/no-access";
export const SYNC_PATH = "/sync";
export const SET_PASSWORD_PATH = "/auth/set-password";

/** spec: "navigation to any route other than display, sync or login is sent to sync". */
const OPEN_WHILE_COMMITTING: ReadonlySet<string> = new Set(["display", "sync", "login", "accessDenied"]);

function redirect(to: string, accessDenied = false): GuardResult {
  return { kind: "redirect", to, accessDenied };
}

/** The login path that returns to `fullPath` afterwards. spec: "redirect query parameter holds the full path". */
export function loginRedirectPath(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Whether one route definition's own requirements are met (auth, permissions, licences, ...). */
function meetsRequirements(def: RouteDef, ctx: GuardContext): boolean {
  if (def.superuserOnly === true && !ctx.user.is_superuser) return false;
  if (!hasPermissions(ctx.user, def.permissions ?? [])) return false;
  if (!(def.licences ?? []).every((feature) => isLicensed(ctx.licence, feature, ctx.user))) return false;
  if (def.requiresAppSubscriptions === true && ctx.appSubscriptionsEnabled !== true) return false;
  return true;
}

function needsLogin(chain: readonly RouteDef[], user: AuthUser): boolean {
  return !isLoggedIn(user) && chain.some((def) => def.auth !== false);
}

/** Whether the user may enter every route of `chain` (no redirects considered). */
export function canAccessChain(chain: readonly RouteDef[], ctx: GuardContext): boolean {
  return !needsLogin(chain, ctx.user) && chain.every((def) => meetsRequirements(def, ctx));
}

/**
 * spec: "A logged-in non-superuser without the systemtree permission and management licence who
 * goes to the tree is sent to the log if they may use the call log, otherwise to display."
 */
function treeRule(chain: readonly RouteDef[], ctx: GuardContext): GuardResult | null {
  if (chain[0]?.name !== "treeView" || !isLoggedIn(ctx.user) || ctx.user.is_superuser) return null;
  if (hasPermission(ctx.user, "systemtree::use_module") && isLicensed(ctx.licence, "management", ctx.user)) {
    return null;
  }
  // the log only when its screen exists, else on down to the display.
  const toLog = hasPermission(ctx.user, "calllog::use_module") && (ctx.hasScreen?.("/log") ?? true);
  return redirect(toLog ? "/log" : "/display");
}

function splitPath(fullPath: string): { path: string; query: string } {
  const [beforeHash = ""] = fullPath.split("#");
  const index = beforeHash.indexOf("?");
  const path = index < 0 ? beforeHash : beforeHash.slice(0, index);
  const query = index < 0 ? "" : beforeHash.slice(index + 1);
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return { path: trimmed === "" ? "/" : trimmed, query };
}

/** A route's own redirect, params filled, the original query kept where the target has none of it. */
function routeRedirect(target: string, fullPath: string): string {
  const { query } = splitPath(fullPath);
  const params = matchRoute(fullPath)?.params ?? {};
  const [targetPath = "/", targetQuery = ""] = target.split("?");
  const search = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(targetQuery)) {
    search.set(key, value.startsWith(":") ? (params[value.slice(1)] ?? "") : value);
  }
  for (const [key, value] of new URLSearchParams(query)) if (!search.has(key)) search.set(key, value);
  const qs = search.toString();
  const path = fillPattern(targetPath, params);
  return qs === "" ? path : `${path}?${qs}`;
}

/**
 * spec: "A route that redirects to its first child goes to the first child the user may access;
 * if none, to accessDenied when logged in, else to login." Children that need a parameter are
 * skipped (there is nothing to fill it with).
 */
function firstChildRedirect(chain: readonly RouteDef[], fullPath: string, ctx: GuardContext): GuardResult {
  const leaf = chain.at(-1);
  const { path } = splitPath(fullPath);
  // The first accessible child without a screen is the answer only when none has one.
  let withoutScreen: string | null = null;
  for (const child of leaf?.children ?? []) {
    if (child.path.split("/").some((s) => s.startsWith(":") && !s.endsWith("?"))) continue;
    if (!canAccessChain([...chain, child], ctx)) continue;
    const childPath = fillPattern(child.path);
    const target = path === "/" ? `/${childPath}` : `${path}/${childPath}`;
    if (ctx.hasScreen?.(target) ?? true) return redirect(target);
    withoutScreen ??= target;
  }
  if (withoutScreen !== null) return redirect(withoutScreen);
  return isLoggedIn(ctx.user) ? redirect(ACCESS_DENIED_PATH, true) : redirect(loginRedirectPath(fullPath));
}

/**
 * The route guard (spec "Route guards"), in this order:
 * 1. while committing, routes other than display, sync, login (and accessDenied, so that a user
 *    without the sync permission does not loop) go to /sync, except for user id 0;
 * 2. a route needing login sends anonymous users to /login?redirect=<full path>, and users
 *    with a temporary password to /auth/set-password;
 * 3. the tree rule (log or display for users without systemtree::use_module + management);
 * 4. a missing permission, licence or superuser flag goes to /no-access (accessDenied);
 * 5. the leaf's own redirect (/ → /home, /tree/view/:id → /tree?view=id, /tree/overview → /tree,
 *    /pwa → /pwa/overview) or first-child redirect.
 * `fullPath` is the path with its query; `chain` comes from findRouteChain.
 */
export function guardRoute(chain: readonly RouteDef[], fullPath: string, ctx: GuardContext): GuardResult {
  const root = chain[0];
  const leaf = chain.at(-1);
  if (root === undefined || leaf === undefined) return ALLOW;

  if (ctx.committing && isLoggedIn(ctx.user) && !OPEN_WHILE_COMMITTING.has(root.name ?? "")) {
    return redirect(SYNC_PATH);
  }
  if (needsLogin(chain, ctx.user)) return redirect(loginRedirectPath(fullPath));
  // "a user with a temporary password can call nothing but set-password and logout";
  // the server refuses the rest, so the screens that need a login send the user there first.
  if (ctx.user.password_is_temporary && isLoggedIn(ctx.user) && leaf.name !== "set-password" && chain.some((def) => def.auth !== false)) {
    return redirect(SET_PASSWORD_PATH);
  }

  const tree = treeRule(chain, ctx);
  if (tree !== null) return tree;

  if (!chain.every((def) => meetsRequirements(def, ctx))) return redirect(ACCESS_DENIED_PATH, true);

  if (leaf.redirect !== undefined) return redirect(routeRedirect(leaf.redirect, fullPath));
  if (leaf.firstChildRedirect === true) return firstChildRedirect(chain, fullPath, ctx);
  return ALLOW;
}
