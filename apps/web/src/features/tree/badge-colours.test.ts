import { describe, expect, it } from "vitest";
import { contrastRatio } from "@caresuite/domain";
import { badgeColours } from "./badge-colours";

describe("badgeColours", () => {
  it.each([
    ["a light call-type colour takes black", "#fab005", "NORMAL", { background: "#fab005", text: "#000000" }],
    ["a mid green takes black (white reads 3.3:1)", "#2f9e44", "NORMAL", { background: "#2f9e44", text: "#000000" }],
    ["a dark colour takes white", "#1864ab", "URGENT", { background: "#1864ab", text: "#ffffff" }],
    ["no colour: by urgency", null, "EMERGENCY", { background: "#e03131", text: "#000000" }],
    ["an unusable colour: by urgency", "red", "NORMAL", { background: "#1971c2", text: "#ffffff" }],
  ] as const)("%s", (_, color, urgency, expected) => {
    const colours = badgeColours({ color, urgency });
    expect(colours).toEqual(expected);
    expect(contrastRatio(colours.background, colours.text)).toBeGreaterThanOrEqual(4.5);
  });
});
