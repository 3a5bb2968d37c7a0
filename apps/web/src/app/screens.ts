import { matchRoutes, type RouteObject } from "react-router";

/**
 * Which paths the client has a screen for. The guard reads the spec's full route table, the
 * router holds only the routes built so far (some patched in lazily); this answers from the
 * router without importing it, which would create the cycle router -> layout -> guard -> router.
 */
let routeSource: () => readonly RouteObject[] = () => [];
/** Prefixes of sections whose routes are patched in on first navigation (router's LAZY_SECTIONS). */
let lazyPrefixes: readonly string[] = [];

export function registerRouteSource(source: () => readonly RouteObject[], lazySectionPrefixes: readonly string[] = []): void {
  routeSource = source;
  lazyPrefixes = lazySectionPrefixes;
}

/**
 * Whether `path` matches a route of ours other than the catch-all (not-found) route. A section
 * that is not patched in yet counts as built at its prefix: the navigation and the home redirect
 * must offer /admin before anyone went there (its children are checked once it is patched).
 */
export function hasScreen(path: string): boolean {
  const leaf = matchRoutes([...routeSource()], path)?.at(-1)?.route;
  if (leaf !== undefined && leaf.path !== "*") return true;
  return leaf?.path === "*" && lazyPrefixes.includes(path);
}
