import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatTime, startOfWeek } from "./format";

// Local-time constructors so the tests hold in any time zone.
// ICU versions differ in the de-CH group separator (’ or '); the tests accept either.
const apostrophes = (text: string): string => text.replace(/[’']/g, "'");
const sample = new Date(2024, 2, 5, 7, 4, 9); // 5 March 2024, 07:04:09

describe("formatters (spec §9: dd.MM.yyyy, HH:mm with optional seconds, numbers de-CH)", () => {
  it("formats dates as dd.MM.yyyy", () => {
    expect(formatDate(sample)).toBe("05.03.2024");
    expect(formatDate(sample.getTime())).toBe("05.03.2024");
  });

  it("formats times as HH:mm, optionally with seconds", () => {
    expect(formatTime(sample)).toBe("07:04");
    expect(formatTime(sample, { seconds: true })).toBe("07:04:09");
    expect(formatDateTime(sample)).toBe("05.03.2024 07:04");
  });

  it("gives an empty string for invalid dates", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(Number.NaN)).toBe("");
  });

  it("formats numbers the Swiss way", () => {
    expect(apostrophes(formatNumber(1234567.5))).toBe("1'234'567.5");
    expect(formatNumber(0.25, { style: "percent" })).toBe("25%");
  });

  it.each([
    [0, "0 B"],
    [1023, "1’023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [5 * 1024 * 1024, "5 MB"],
    [3.25 * 1024 ** 3, "3.3 GB"],
    [2 * 1024 ** 5, "2’048 TB"],
  ])("file size %d is %s (steps of 1024)", (bytes, expected) => {
    expect(apostrophes(formatFileSize(bytes))).toBe(apostrophes(expected));
  });

  it("starts weeks on Monday", () => {
    expect(startOfWeek(new Date(2024, 2, 10))).toEqual(new Date(2024, 2, 4)); // Sunday -> Monday before
    expect(startOfWeek(new Date(2024, 2, 4, 12))).toEqual(new Date(2024, 2, 4)); // Monday itself
    expect(startOfWeek(new Date(2024, 2, 6))).toEqual(new Date(2024, 2, 4)); // Wednesday
  });
});
