import { describe, expect, it } from "vitest";
import { scrollHints } from "./scroll-hints";

// "Phone-width tables show that they scroll".
describe("scrollHints", () => {
  it.each([
    ["a table that fits", 0, 800, 800, { left: false, right: false }],
    ["a wide table at its start (390 px phone, 560 px table)", 0, 358, 560, { left: false, right: true }],
    ["scrolled half way", 100, 358, 560, { left: true, right: true }],
    ["scrolled to its end", 202, 358, 560, { left: true, right: false }],
    ["at its end but for a rounded pixel", 201.5, 358, 560, { left: true, right: false }],
  ])("%s", (_label, scrollLeft, clientWidth, scrollWidth, expected) => {
    expect(scrollHints(scrollLeft, clientWidth, scrollWidth)).toEqual(expected);
  });
});
