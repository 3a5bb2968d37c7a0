import { ROUTES } from "./route-table.ts";
import type { RouteDef } from "./route-table.ts";

export { ROUTES } from "./route-table.ts";
export type { RouteDef } from "./route-table.ts";

/** Parameters read from a concrete path; optional ones that were absent are missing. */
export type RouteParams = Record<string, string>;

/** A concrete path matched against the route table. */
export interface RouteMatch {
  /** The definitions from the top-level route to the leaf. */
  chain: RouteDef[];
  params: RouteParams;
}

type ParamValue = string | number | null | undefined;

/** Splits a path (query and hash ignored) into its non-empty segments. */
function segmentsOf(path: string): string[] {
  const pathname = path.split(/[?#]/)[0] ?? "";
  return pathname.split("/").filter((s) => s !== "");
}

/** Splits a route pattern (where "?" marks an optional parameter) into its segments. */
function patternSegments(pattern: string): string[] {
  return pattern.split("/").filter((s) => s !== "");
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Every way `pattern` can match a prefix of `segments`, most segments consumed first
 * (optional parameters try "present" before "absent").
 */
function matchPrefix(pattern: readonly string[], segments: readonly string[], def: RouteDef, params: RouteParams): { rest: string[]; params: RouteParams }[] {
  const [head, ...tail] = pattern;
  if (head === undefined) return [{ rest: [...segments], params }];
  const [segment, ...others] = segments;
  if (!head.startsWith(":")) {
    return segment === head ? matchPrefix(tail, others, def, params) : [];
  }
  const optional = head.endsWith("?");
  const name = head.slice(1, optional ? -1 : undefined);
  const results: { rest: string[]; params: RouteParams }[] = [];
  const numeric = def.numericParams?.includes(name) === true;
  if (segment !== undefined && (!numeric || /^\d+$/.test(segment))) {
    results.push(...matchPrefix(tail, others, def, { ...params, [name]: decode(segment) }));
  }
  if (optional) results.push(...matchPrefix(tail, segments, def, params));
  return results;
}

function matchIn(defs: readonly RouteDef[], segments: readonly string[], params: RouteParams): RouteMatch | null {
  for (const def of defs) {
    if (def.path === "*") return { chain: [def], params: { ...params, pathMatch: segments.join("/") } };
    for (const candidate of matchPrefix(patternSegments(def.path), segments, def, params)) {
      if (candidate.rest.length === 0) return { chain: [def], params: candidate.params };
      const child = matchIn(def.children ?? [], candidate.rest, candidate.params);
      if (child !== null) return { chain: [def, ...child.chain], params: child.params };
    }
  }
  return null;
}

/**
 * Matches a concrete path (query and hash ignored) against ROUTES.
 * E.g. "/admin/calltypes/edit/5" gives the chain admin → calltypes → edit with `{ id: "5" }`.
 * Unknown paths match the catch-all route.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  return matchIn(ROUTES, segmentsOf(pathname), {});
}

/** The chain of route definitions, root to leaf, that a concrete path matches, or null. */
export function findRouteChain(pathname: string): RouteDef[] | null {
  return matchRoute(pathname)?.chain ?? null;
}

/** The full path pattern of a chain, e.g. "/admin/calltypes/edit/:id?". */
export function chainPattern(chain: readonly RouteDef[]): string {
  const joined = chain
    .map((def) => def.path)
    .join("/")
    .replace(/\/{2,}/g, "/");
  return joined.length > 1 && joined.endsWith("/") ? joined.slice(0, -1) : joined;
}

function findChainByName(defs: readonly RouteDef[], name: string): RouteDef[] | null {
  for (const def of defs) {
    if (def.name === name) return [def];
    const below = findChainByName(def.children ?? [], name);
    if (below !== null) return [def, ...below];
  }
  return null;
}

/** Fills `:param` and `:param?` of a pattern; absent optional ones are dropped. */
export function fillPattern(pattern: string, params: Record<string, ParamValue> = {}): string {
  const filled = pattern
    .split("/")
    .flatMap((segment) => {
      if (!segment.startsWith(":")) return [segment];
      const optional = segment.endsWith("?");
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === null || value === "") {
        if (optional) return [];
        throw new Error(`Route parameter "${name}" is required for ${pattern}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join("/");
  return filled === "" ? "/" : filled;
}

/**
 * The path of a named route (spec: "Route names used for navigation"), e.g.
 * `routePathByName("systemTreeNodeForm", { id: 5 })` is "/tree/edit/5". `query` entries that are
 * null or undefined are left out (callForm takes `{ system }`). Throws for unknown names or a
 * missing required parameter: both are programming errors.
 */
export function routePathByName(name: string, params: Record<string, ParamValue> = {}, query: Record<string, ParamValue> = {}): string {
  const chain = findChainByName(ROUTES, name);
  if (chain === null) throw new Error(`Unknown route name "${name}"`);
  const path = fillPattern(chainPattern(chain), params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs === "" ? path : `${path}?${qs}`;
}
