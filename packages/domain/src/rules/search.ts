import { VALIDATION_KEYS } from "../validation-messages.ts";
import { hasUnsafeCharacters } from "./input-safety.ts";

/**
 * The global search's rules (spec §7 "Search(query: string): entries with category and results
 * (entity, key, kind)"; spec "Search: trimmed query longer than 1 character").
 */

/** spec "Search: trimmed query longer than 1 character": the shortest query searched. */
export const SEARCH_QUERY_MIN = 2;
/** Longer queries are refused with max_length: no node text is longer (names hold 100 characters). */
export const SEARCH_QUERY_MAX = 100;
/** At most this many results per category: a search box lists, it does not page. */
export const SEARCH_RESULTS_PER_CATEGORY = 20;

export const SEARCH_CATEGORIES = ["rooms", "devices", "structure", "people", "flightprofiles"] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

/** The node fields the search matches, in the order a node's results list them. */
export const SEARCH_NODE_FIELDS = ["name", "text_long", "text_short", "serial", "mac", "comment", "callback_number"] as const;
export type SearchNodeField = (typeof SEARCH_NODE_FIELDS)[number];

/** Which category a node of a kind is listed under (the seven kinds, ARCHITECTURE «Product rules»). */
export function searchCategoryOfKind(kind: string): SearchCategory {
  if (kind === "room") return "rooms";
  if (kind === "device" || kind === "tech") return "devices";
  if (kind === "person") return "people";
  return "structure";
}

/** The node kinds of a node category (flight profiles are not nodes). */
export function kindsOfSearchCategory(category: SearchCategory): string[] {
  switch (category) {
    case "rooms":
      return ["room"];
    case "devices":
      return ["device", "tech"];
    case "people":
      return ["person"];
    case "structure":
      return ["building", "floor", "group"];
    case "flightprofiles":
      return [];
  }
}

export type SearchQueryCheck = { ok: true; query: string; needle: string } | { ok: false; message: string; data: Record<string, unknown> };

/**
 * Checks a query: trimmed, longer than one character, at most SEARCH_QUERY_MAX, no control
 * characters. `needle` is what is matched: lower case, case-insensitive on both sides.
 */
export function checkSearchQuery(raw: string): SearchQueryCheck {
  const query = raw.trim();
  if (hasUnsafeCharacters(query)) return { ok: false, message: VALIDATION_KEYS.format, data: { field: "query" } };
  if (query.length < SEARCH_QUERY_MIN) return { ok: false, message: VALIDATION_KEYS.min_length, data: { field: "query", min: SEARCH_QUERY_MIN } };
  if (query.length > SEARCH_QUERY_MAX) return { ok: false, message: VALIDATION_KEYS.max_length, data: { field: "query", max: SEARCH_QUERY_MAX } };
  return { ok: true, query, needle: query.toLowerCase() };
}
