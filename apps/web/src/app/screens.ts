import { matchRoutes, type RouteObject } from "react-router";

/**
 * Which paths the client has a screen for. The guard reads the spec's full route table, the
 * router holds only the routes built so far (some patched in lazily); this answers from the
 * router without importing it, which would create the cycle router -> layout -> guard -> router.
 */
let routeSource: () => readonly RouteObject[] = () => [];
/** Prefixes of sections whose routes are patched in on first navigation (router's LAZY_SECTIONS). */
let lazyPrefixes: readonly string[] = [];

let sectionPreloader: (path: string) => void = () => undefined;

export function registerRouteSource(
  source: () => readonly RouteObject[],
  lazySectionPrefixes: readonly string[] = [],
  preloadSection: (path: string) => void = () => undefined,
): void {
  routeSource = source;
  lazyPrefixes = lazySectionPrefixes;
  sectionPreloader = preloadSection;
}

/**
 * Starts loading the code and texts of the lazily patched section `path` lies in, without
 * navigating, so a click on its navigation item waits for data only (a call log at a year of
 * history is on screen within 300 ms of the click: docs/call-log.md). Paths outside such sections
 * do nothing.
 */
export function preloadScreen(path: string): void {
  sectionPreloader(path);
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
