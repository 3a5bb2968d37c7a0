import { describe, expect, it } from "vitest";
import { elapsedSince, type Elapsed } from "./elapsed";

describe("elapsedSince", () => {
  const opened = "2025-05-01T10:00:00.000Z";
  const at = (seconds: number): number => Date.parse(opened) + seconds * 1000;
  it.each<[number, Elapsed]>([
    // spec: "Time since opened: under 10 seconds reads as just now."
    [0, { key: "demo.calls.justNow" }],
    [9.999, { key: "demo.calls.justNow" }],
    [10, { key: "demo.calls.seconds", count: 10 }],
    [59, { key: "demo.calls.seconds", count: 59 }],
    [60, { key: "demo.calls.minutes", count: 1 }],
    [3599, { key: "demo.calls.minutes", count: 59 }],
    [3600 + 5 * 60, { key: "demo.calls.hours", hours: 1, minutes: 5 }],
    // a clock slightly behind the server's never shows a negative time
    [-30, { key: "demo.calls.justNow" }],
  ])("%s s after opening → %j", (seconds, expected) => {
    expect(elapsedSince(opened, at(seconds))).toEqual(expected);
  });

  it("treats an unreadable time as just now", () => {
    expect(elapsedSince("not a date", at(100))).toEqual({ key: "demo.calls.justNow" });
  });
});
