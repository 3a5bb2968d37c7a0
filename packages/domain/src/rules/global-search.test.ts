import { describe, expect, it } from "vitest";
import { highlightMatch, searchQuery, type HighlightParts } from "./global-search.ts";

// spec: "The search starts only when the trimmed query has more than 1 character".
describe("searchQuery", () => {
  it.each<[string, string | null]>([
    ["", null],
    ["a", null],
    ["  a  ", null],
    ["ab", "ab"],
    ["  101 ", "101"],
  ])("%j → %j", (input, expected) => {
    expect(searchQuery(input)).toBe(expected);
  });
});

const long = (n: number, c = "x"): string => c.repeat(n);

// spec: "highlight keeps 50 characters around a match".
describe("highlightMatch", () => {
  it.each<[string, string, string, HighlightParts]>([
    ["a short text, match inside", "Zimmer 101", "101", { before: "Zimmer ", match: "101", after: "" }],
    ["case-insensitive, original case kept", "Zimmer 101", "zim", { before: "", match: "Zim", after: "mer 101" }],
    ["exactly 50 on each side: nothing cut", `${long(50)}HIT${long(50)}`, "hit", { before: long(50), match: "HIT", after: long(50) }],
    [
      "more than 50 before and after: both cut",
      `${long(60, "a")}HIT${long(60, "b")}`,
      "hit",
      { before: `…${long(50, "a")}`, match: "HIT", after: `${long(50, "b")}…` },
    ],
    ["no match: the start, cut after 100", long(120), "zz", { before: `${long(100)}…`, match: "", after: "" }],
    ["empty query: the text as is", "Bett 1", "  ", { before: "Bett 1", match: "", after: "" }],
  ])("%s", (_, text, query, expected) => {
    expect(highlightMatch(text, query)).toEqual(expected);
  });
});
