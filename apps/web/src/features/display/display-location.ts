import { useMemo, useSyncExternalStore } from "react";

/**
 * Where the display board is: its slug and query parameters, read from the address bar. The
 * board runs in its own small entry (display.html, docs/decisions/006-display-entry.md) without
 * the app's router, so it follows the URL itself: `navigateDisplay` changes it and tells the
 * board; the browser's back and forward buttons do the same through popstate.
 */

const CHANGE_EVENT = "cs:display-location";

export interface DisplayLocation {
  /** The path and query string, as in the address bar. */
  href: string;
  /** The `:slug` of /display/:slug, decoded; undefined on /display. */
  slug: string | undefined;
  /** The `:id` of the modal child /display/:slug?/call/:id (displayCallForm). */
  callId: number | undefined;
  search: URLSearchParams;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const currentHref = (): string => window.location.pathname + window.location.search;

/**
 * The slug and call of a /display path (spec route table: "/display/:slug? | modal child
 * /display/:slug?/call/:id"); both undefined for /display itself and for garbage.
 */
export function parseDisplayPath(pathname: string): { slug: string | undefined; callId: number | undefined } {
  const match = /^\/display(?:\/(?!call\/\d+\/?$)([^/]+))?(?:\/call\/(\d+))?\/?$/.exec(pathname);
  if (!match) return { slug: undefined, callId: undefined };
  let slug: string | undefined;
  try {
    slug = match[1] ? decodeURIComponent(match[1]) : undefined;
  } catch {
    slug = undefined;
  }
  const callId = match[2] ? Number(match[2]) : undefined;
  return { slug, callId: callId !== undefined && Number.isSafeInteger(callId) && callId > 0 ? callId : undefined };
}

/** "?a=1&b=2", or "" without parameters: what a display address keeps when it changes path. */
export function queryOf(search: URLSearchParams): string {
  return search.size > 0 ? `?${search.toString()}` : "";
}

export function useDisplayLocation(): DisplayLocation {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => {
    const url = new URL(href, window.location.origin);
    return { href, ...parseDisplayPath(url.pathname), search: url.searchParams };
  }, [href]);
}

/**
 * Goes to another display address in place; any other screen (a call form, the login) belongs
 * to the full app and loads as a new page.
 */
export function navigateDisplay(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.origin);
  if (url.pathname !== "/display" && !url.pathname.startsWith("/display/")) {
    window.location.assign(url.pathname + url.search);
    return;
  }
  if (options.replace) window.history.replaceState(null, "", url.pathname + url.search);
  else window.history.pushState(null, "", url.pathname + url.search);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}
