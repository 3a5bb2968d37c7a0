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

/** The slug of a /display path (undefined for /display itself and for garbage). */
export function slugOf(pathname: string): string | undefined {
  const match = /^\/display\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export function useDisplayLocation(): DisplayLocation {
  const href = useSyncExternalStore(subscribe, currentHref);
  return useMemo(() => {
    const url = new URL(href, window.location.origin);
    return { href, slug: slugOf(url.pathname), search: url.searchParams };
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
