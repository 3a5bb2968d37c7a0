import { describe, expect, it } from "vitest";
import { checkSearchQuery, searchCategoryOfKind, SEARCH_QUERY_MAX } from "./search.ts";

describe('search query (spec "Search: trimmed query longer than 1 character")', () => {
  it.each([
    ["", false, "validation.min_length"],
    ["a", false, "validation.min_length"],
    ["  a  ", false, "validation.min_length"],
    ["ab", true, "ab"],
    ["  Zimmer 1 ", true, "zimmer 1"],
    ["GS-000123", true, "gs-000123"],
    ["x".repeat(SEARCH_QUERY_MAX), true, "x".repeat(SEARCH_QUERY_MAX)],
    ["x".repeat(SEARCH_QUERY_MAX + 1), false, "validation.max_length"],
    ["x".repeat(10_000), false, "validation.max_length"],
    ["ab\u0000cd", false, "validation.format"],
    ["ab\ncd", false, "validation.format"],
    ["ab\u202Ecd", false, "validation.format"],
  ])("%j → ok %s (%s)", (raw, ok, expected) => {
    const check = checkSearchQuery(raw);
    expect(check.ok).toBe(ok);
    expect(check.ok ? check.needle : check.message).toBe(expected);
  });
});

describe("search categories by node kind", () => {
  it.each([
    ["room", "rooms"],
    ["device", "devices"],
    ["tech", "devices"],
    ["person", "people"],
    ["building", "structure"],
    ["floor", "structure"],
    ["group", "structure"],
  ])("%s → %s", (kind, category) => expect(searchCategoryOfKind(kind)).toBe(category));
});
