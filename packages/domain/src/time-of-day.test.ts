import { describe, expect, it } from "vitest";
import { formatTimeOfDay, parseTimeOfDay } from "./time-of-day.ts";

// "Schedule times accept `0800` as well as `08:00`".
describe("parseTimeOfDay", () => {
  it.each([
    ["08:00", 480],
    ["0800", 480],
    ["800", 480],
    ["8:00", 480],
    [" 2359 ", 1439],
    ["0000", 0],
    [420, 420],
    ["2400", null],
    ["0860", null],
    ["08000", null],
    ["8", null],
    ["08.00", null],
    ["", null],
    // Schedule times as the display relations send them (moved from the web board test).
    ["07:30", 450],
    ["25:99", null],
  ])("%j → %j", (input, expected) => {
    expect(parseTimeOfDay(input)).toBe(expected);
  });
});

describe("formatTimeOfDay", () => {
  it.each([
    [0, "00:00"],
    [450, "07:30"],
    [1439, "23:59"],
  ])("%i → %s", (minutes, text) => expect(formatTimeOfDay(minutes)).toBe(text));
});
