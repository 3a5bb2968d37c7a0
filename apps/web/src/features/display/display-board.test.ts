import { describe, expect, it } from "vitest";
import { clockTime, sinceLabel } from "./display-board";

// Which calls the board shows is the domain's boardView (packages/domain/src/rules/board.test.ts).
describe("sinceLabel", () => {
  const opened = Date.parse("2026-01-05T10:00:00.000Z");
  it.each([
    [9_999, { kind: "just_now" }],
    [10_000, { kind: "elapsed", text: "00:10" }],
    [125_000, { kind: "elapsed", text: "02:05" }],
  ])("after %i ms", (elapsed, expected) => {
    expect(sinceLabel("2026-01-05T10:00:00.000Z", opened + elapsed)).toEqual(expected);
  });
  it("formats the banner time", () => {
    expect(clockTime(new Date(2026, 0, 5, 7, 3, 9).getTime())).toBe("07:03:09");
    expect(clockTime(new Date(2026, 0, 5, 7, 3, 9).getTime(), false)).toBe("07:03");
  });
});
