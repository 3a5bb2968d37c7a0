import { SEARCH_QUERY_MIN } from "./search.ts";

/**
 * Rules of the global search (spec screens "Global search"; data: "Search: min 2 characters,
 * debounce 500 ms, loader after 200 ms, popup max width 700 px; highlight keeps 50 characters
 * around a match").
 */

export const SEARCH_DEBOUNCE_MS = 500;
/** "A spinner shows 200 ms after loading begins." */
export const SEARCH_SPINNER_DELAY_MS = 200;
export const SEARCH_POPUP_MAX_WIDTH_PX = 700;
/** "A connection error retries after 5000 ms." (magnet polling mode) */
export const SEARCH_MAGNET_RETRY_MS = 5000;
/** "highlight keeps 50 characters around a match": on each side of it. */
export const SEARCH_HIGHLIGHT_CONTEXT = 50;

/** "The search starts only when the trimmed query has more than 1 character": the query to send, or null. */
export function searchQuery(input: string): string | null {
  const trimmed = input.trim();
  return trimmed.length >= SEARCH_QUERY_MIN ? trimmed : null;
}

export interface HighlightParts {
  /** Text before the match, cut to the context length ("…" marks a cut). */
  before: string;
  match: string;
  after: string;
}

/**
 * Splits a result text around the first case-insensitive match of the query, keeping
 * SEARCH_HIGHLIGHT_CONTEXT characters on each side; an ellipsis marks what was cut. Without a
 * match the text is kept from its start, cut after twice the context.
 */
export function highlightMatch(text: string, query: string, context = SEARCH_HIGHLIGHT_CONTEXT): HighlightParts {
  const needle = query.trim().toLocaleLowerCase();
  const at = needle === "" ? -1 : text.toLocaleLowerCase().indexOf(needle);
  if (at < 0) {
    const limit = context * 2;
    return { before: text.length > limit ? `${text.slice(0, limit)}…` : text, match: "", after: "" };
  }
  const end = at + needle.length;
  const start = Math.max(0, at - context);
  const stop = Math.min(text.length, end + context);
  return {
    before: `${start > 0 ? "…" : ""}${text.slice(start, at)}`,
    match: text.slice(at, end),
    after: `${text.slice(end, stop)}${stop < text.length ? "…" : ""}`,
  };
}
