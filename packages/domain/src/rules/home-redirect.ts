import { hasPermission, isLoggedIn } from "../auth-user.ts";
import type { AuthUser } from "../auth-user.ts";
import { isLicensed } from "../licence.ts";
import type { Licence } from "../licence.ts";

/**
 * Where /home sends the user. spec "Home redirect", in that order: "to login if the user id is 0;
 * to /pwa if running as an installed app; to the user's configured homepage if set; else to the
 * tree if the user may use the systemtree module or see display group overrides; else to
 * analytics if the analytics module is allowed; else to the log if the call log module is
 * allowed; else to display." "Allowed" for analytics includes its licence, as on its route.
 *
 * "The home redirect ... skip[s] targets that have no screen yet, following the spec's
 * order, down to the display." `hasScreen` tells which paths the client has built (absent: all);
 * the display is the last resort and always taken.
 */
/**
 * "The tree" for a user: /tree with the systemtree module, else the tree's display group
 * overrides screen, which is all of the tree such a user may open (its route needs only
 * systemtree::see_display_group_overrides; /tree needs systemtree::use_module). Null: neither.
 */
export function treeAreaPath(user: AuthUser): string | null {
  if (hasPermission(user, "systemtree::use_module")) return "/tree";
  if (hasPermission(user, "systemtree::see_display_group_overrides")) return "/tree/displaygroupoverrides";
  return null;
}

export function homeRedirect(ctx: { user: AuthUser; licence: Licence; isInstalledApp: boolean; hasScreen?: (path: string) => boolean }): string {
  const { user, licence } = ctx;
  if (!isLoggedIn(user)) return "/login";
  const built = (path: string): boolean => ctx.hasScreen?.(path) ?? true;
  if (ctx.isInstalledApp && built("/pwa")) return "/pwa";
  const homepage = user.homepage?.trim() ?? "";
  if (homepage !== "") {
    const target = homepage.startsWith("/") || homepage.includes("://") ? homepage : `/${homepage}`;
    if (built(target)) return target;
  }
  const candidates: [boolean, string][] = [
    [treeAreaPath(user) !== null, treeAreaPath(user) ?? "/tree"],
    [hasPermission(user, "analytics::use_module") && isLicensed(licence, "analytics", user), "/analytics"],
    [hasPermission(user, "calllog::use_module"), "/log"],
  ];
  return candidates.find(([allowed, path]) => allowed && built(path))?.[1] ?? "/display";
}
