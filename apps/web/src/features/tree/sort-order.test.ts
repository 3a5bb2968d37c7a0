import { describe, expect, it } from "vitest";
import { dropOrder, stepOrder } from "./sort-order";

describe("dropOrder", () => {
  it.each([
    ["down: after the target", [1, 2, 3, 4], 1, 3, [2, 3, 1, 4]],
    ["up: before the target", [1, 2, 3, 4], 4, 2, [1, 4, 2, 3]],
    ["onto itself: unchanged", [1, 2, 3], 2, 2, [1, 2, 3]],
    ["unknown target: unchanged", [1, 2, 3], 2, 9, [1, 2, 3]],
    ["to the end", [1, 2, 3], 1, 3, [2, 3, 1]],
  ])("%s", (_, ids, dragged, target, expected) => {
    expect(dropOrder(ids, dragged, target)).toEqual(expected);
  });
});

describe("stepOrder", () => {
  it.each([
    ["up", [1, 2, 3], 1, -1, [2, 1, 3]],
    ["down", [1, 2, 3], 1, 1, [1, 3, 2]],
    ["past the top: unchanged", [1, 2, 3], 0, -1, [1, 2, 3]],
    ["past the end: unchanged", [1, 2, 3], 2, 1, [1, 2, 3]],
  ])("%s", (_, ids, index, delta, expected) => {
    expect(stepOrder(ids, index, delta)).toEqual(expected);
  });
});
