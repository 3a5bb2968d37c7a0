import { matchRoutes, type RouteObject } from "react-router";

/**
 * Which paths the client has a screen for. The guard reads the spec's full route table, the
 * router holds only the routes built so far (some patched in lazily); this answers from the
 * router without importing it, which would create the cycle router -> layout -> guard -> router.
 */
let routeSource: () => readonly RouteObject[] = () => [];

export function registerRouteSource(source: () => readonly RouteObject[]): void {
  routeSource = source;
}

/** Whether `path` matches a route of ours other than the catch-all (not-found) route. */
export function hasScreen(path: string): boolean {
  const leaf = matchRoutes([...routeSource()], path)?.at(-1)?.route;
  return leaf !== undefined && leaf.path !== "*";
}
