import { describe, expect, it } from "vitest";
import { defaultCutoff, localDay, parseTypedDay, startOfLocalDay } from "./cleanup-form";

describe("cleanup form", () => {
  it.each([
    ["2026-03-01", new Date(2026, 2, 1).getTime()],
    ["2026-02-30", null],
    ["1.3.2026", null],
    ["", null],
  ])("%j starts at %s", (day, ms) => {
    expect(startOfLocalDay(day)).toBe(ms);
  });

  it("defaults to a year ago and round-trips", () => {
    expect(defaultCutoff(new Date(2026, 10, 27, 9, 30))).toBe("2025-11-27");
    expect(localDay(new Date(startOfLocalDay("2025-01-05") ?? 0))).toBe("2025-01-05");
  });

  it.each([
    ["28.10.2026", "2026-10-28"],
    ["1.2.2026", "2026-02-01"],
    ["30.02.2026", null],
    ["2026-10-28", null],
  ])("typed %j is %j", (typed, day) => {
    expect(parseTypedDay(typed)).toBe(day);
  });
});
