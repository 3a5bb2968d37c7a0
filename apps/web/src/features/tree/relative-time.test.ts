import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = Date.parse("2026-11-26T12:00:00Z");

describe("relativeTime", () => {
  it.each([
    ["2026-11-26T11:59:30Z", "en", "now"],
    ["2026-11-26T11:55:00Z", "en", "5 minutes ago"],
    ["2026-11-26T09:00:00Z", "de", "vor 3 Stunden"],
    ["2026-11-24T12:00:00Z", "fr", "avant-hier"],
    ["2026-11-16T12:00:00Z", "it", "10 giorni fa"],
    ["not a date", "en", ""],
  ])("%s in %s", (iso, locale, expected) => {
    expect(relativeTime(iso, NOW, locale)).toBe(expected);
  });
});
