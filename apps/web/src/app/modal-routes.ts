import { generatePath } from "react-router";
import { modalMeta } from "./route-handle";

/** The part of a react-router match the modal mechanism needs (a `UIMatch` satisfies it). */
export interface MatchLike {
  id: string;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  handle?: unknown;
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** spec: "Modal routes stack." The id of the top (deepest) modal match, or null. */
export function topModalMatchId(matches: readonly MatchLike[]): string | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && modalMeta(match.handle)) return match.id;
  }
  return null;
}

/** How many modal matches lie at or above the given one (1 for the first modal); for z-order. */
export function modalDepth(matches: readonly MatchLike[], id: string): number {
  let depth = 0;
  for (const match of matches) {
    if (modalMeta(match.handle)) depth += 1;
    if (match.id === id) return depth;
  }
  return 0;
}

/**
 * Where closing the modal route `id` goes. spec: "Closing a modal goes to the parent matched
 * route. Route meta may list parameters to reuse or rename when closing."
 * The parent is the nearest enclosing match with a different path (pathless layout routes and
 * index routes share their parent's path). The query string is kept, so a list keeps its filters.
 */
export function modalCloseTarget(matches: readonly MatchLike[], id: string, search = ""): string | null {
  const index = matches.findIndex((match) => match.id === id);
  const match = matches[index];
  if (!match) return null;
  const meta = modalMeta(match.handle);
  let target: string | null = null;
  if (meta?.closePath) {
    const params: Record<string, string | undefined> = { ...match.params };
    for (const [targetName, sourceName] of Object.entries(meta.closeParams ?? {})) {
      params[targetName] = match.params[sourceName];
    }
    target = generatePath(meta.closePath, params);
  } else {
    const own = trimSlash(match.pathname);
    for (let i = index - 1; i >= 0 && target === null; i -= 1) {
      const candidate = matches[i];
      if (candidate && trimSlash(candidate.pathname) !== own) target = trimSlash(candidate.pathname);
    }
  }
  if (target === null) return null;
  return search && search !== "?" ? `${target}${search.startsWith("?") ? "" : "?"}${search}` : target;
}

/** spec: "Escape closes the top modal unless an input has focus." */
export function isInputFocused(element: Element | null): boolean {
  if (!element) return false;
  if ((element as HTMLElement).isContentEditable) return true;
  return ["input", "textarea", "select"].includes(element.tagName.toLowerCase());
}
