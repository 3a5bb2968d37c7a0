import { describe, expect, it } from "vitest";
import { longTextIssues, overviewLength, shortTextIssues } from "./node-texts.ts";

const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('spec §5 "Short text max 7 characters, no umlauts or special characters"', () => {
  it.each([
    ["Z101", []],
    ["Z101-B1", []],
    ["z101 wc", []], // the input filter uppercases
    ["Z 1.2/3", []],
    ["KÜCHE", ["validation.contains"]],
    ["Bäd", ["validation.contains"]],
    ["ZIMMER12", ["validation.max_length"]], // 8 characters
    ["Z#1", ["validation.format"]], // '#' is in the filter's range, but a special character
    ["ÄÄÄÄÄÄÄÄ", ["validation.contains", "validation.max_length"]],
    ["", []],
  ])("%j → %j", (text, expected) => {
    expect(messages(shortTextIssues(text))).toEqual(expected);
  });

  it("names the umlaut it found (contains {value})", () => {
    expect(shortTextIssues("Kü")[0]).toEqual({ message: "validation.contains", data: { value: "ü" } });
  });
});

describe('spec §5 "Long text max 19, no umlauts; in the system overview umlauts count double"', () => {
  it.each([
    ["Zimmer 101 Bett 1", []],
    ["Station 1 / Etage 2", []], // 19 characters
    ["Station 1 / Etage 22", ["validation.max_length"]], // 20
    ["Zimmer 101 Küche", ["validation.contains"]],
    // 18 letters with an umlaut are 19 in the overview, with two umlauts 20.
    ["ÄBCDEFGHIJKLMNOPQR", ["validation.contains"]],
    ["ÄÖCDEFGHIJKLMNOPQR", ["validation.contains", "validation.max_length"]],
  ])("%j → %j", (text, expected) => {
    expect(messages(longTextIssues(text))).toEqual(expected);
  });

  it.each([
    ["ABC", 3],
    ["ÄBC", 4],
    ["Grüße", 6],
    ["", 0],
  ])("overview length of %j is %i", (text, length) => {
    expect(overviewLength(text)).toBe(length);
  });
});
