import { describe, expect, it } from "vitest";
import { scrollToReveal, visibleWindow } from "./virtual-window";

describe("visibleWindow", () => {
  it.each([
    ["top of a long list", 0, 340, 34, 20_000, { start: 0, end: 19 }],
    ["scrolled into the middle", 34_000, 340, 34, 20_000, { start: 992, end: 1019 }],
    ["the end", 679_660, 340, 34, 20_000, { start: 19_982, end: 20_000 }],
    ["a short list", 0, 340, 34, 3, { start: 0, end: 3 }],
    ["empty", 0, 340, 34, 0, { start: 0, end: 0 }],
  ])("%s", (_, scrollTop, viewport, rowHeight, count, expected) => {
    expect(visibleWindow(scrollTop, viewport, rowHeight, count)).toEqual(expected);
  });
});

describe("scrollToReveal", () => {
  it.each([
    ["already in view", 3, 0, 340, null],
    ["above: scroll up to it", 2, 200, 340, 68],
    ["below: scroll so it is the last row", 20, 0, 340, 374],
  ])("%s", (_, index, scrollTop, viewport, expected) => {
    expect(scrollToReveal(index, scrollTop, viewport, 34)).toBe(expected);
  });
});
