import { describe, expect, it } from "vitest";
import { textColorOn } from "./display.ts";
import { contrastRatio, MIN_TEXT_CONTRAST } from "./display-contrast.ts";

describe("contrastRatio (WCAG 2.x)", () => {
  it.each([
    ["#000000", "#FFFFFF", 21],
    ["#FFFFFF", "#FFFFFF", 1],
    ["#E03131", "#FFFFFF", 4.51],
    ["767676", "#fff", null],
    ["grün", "#FFFFFF", null],
  ] as const)("%s on %s → %s", (a, b, ratio) => {
    const value = contrastRatio(a, b);
    if (ratio === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(ratio, 2);
  });
});

describe("textColorOn (text on every call-type colour has a contrast ratio of at least 4.5:1)", () => {
  it.each([["#FAB005"], ["#868E96"], ["#E03131"], ["#FF0000"], ["#0000FF"], ["#777777"], ["#808080"], ["#00FF00"], ["#FFFFFF"], ["#000000"]])(
    "%s gets a readable text colour",
    (color) => {
      expect(contrastRatio(color, textColorOn(color))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    },
  );
});
