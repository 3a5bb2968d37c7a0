import { describe, expect, it } from "vitest";
import { callCardScale, MAX_CARD_COLUMNS, MAX_TITLE_PX } from "./call-card-scale.ts";

/** A fullscreen 1920×1080 board: 16 px padding around the cards. */
const WALL = { width: 1888, height: 1048 };
const WALL_4K = { width: 3808, height: 2128 };
/** The same screen with the spec's two presence columns (2 × 11 em and gaps) beside the cards. */
const WALL_BESIDE_PRESENCES = { width: 1502, height: 1048 };

describe("callCardScale (at 1920×1080 with up to 6 calls, the room name is at least 64 px and the call-type text at least 32 px)", () => {
  it.each([
    // calls, area, columns, title ≥, type ≥
    [1, WALL, 1, 140, 70],
    [2, WALL, 1, 140, 70],
    [3, WALL, 1, 90, 45],
    [4, WALL, 2, 64, 32],
    [5, WALL, 2, 64, 32],
    [6, WALL, 2, 64, 32],
    [6, WALL_BESIDE_PRESENCES, 2, 64, 32],
    [6, WALL_4K, 2, 128, 64],
    [12, WALL, 3, 44, 22],
    [20, WALL, 3, 40, 20],
  ] as const)("%i calls on %o → %i columns, room name ≥ %i px, type ≥ %i px", (calls, area, columns, title, type) => {
    const scale = callCardScale({ calls, ...area });
    expect(scale.columns).toBe(columns);
    expect(scale.titlePx).toBeGreaterThanOrEqual(title);
    expect(scale.typePx).toBeGreaterThanOrEqual(type);
  });

  it("shrinks as calls pile up and grows with the screen", () => {
    const sizes = [1, 3, 6, 12, 20, 40].map((calls) => callCardScale({ calls, ...WALL }).titlePx);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(callCardScale({ calls: 6, ...WALL_4K }).titlePx).toBeGreaterThan(callCardScale({ calls: 6, ...WALL }).titlePx);
  });

  it.each([
    ["no calls and no area", { calls: 0, width: 0, height: 0 }, 22, 14],
    ["a phone", { calls: 3, width: 358, height: 600 }, 22, 14],
    ["40 calls on a wall screen", { calls: 40, ...WALL }, 22, 14],
    ["the profile's larger font as the floor", { calls: 40, ...WALL, minTitlePx: 34 }, 34, 22],
  ] as const)("keeps a readable floor: %s", (_, area, title, type) => {
    const scale = callCardScale(area);
    expect(scale.titlePx).toBeGreaterThanOrEqual(title);
    expect(scale.typePx).toBeGreaterThanOrEqual(type);
    expect(scale.metaPx).toBeGreaterThanOrEqual(13);
  });

  it("caps the columns and the size", () => {
    expect(callCardScale({ calls: 200, ...WALL }).columns).toBeLessThanOrEqual(MAX_CARD_COLUMNS);
    expect(callCardScale({ calls: 1, width: 8000, height: 8000 }).titlePx).toBe(MAX_TITLE_PX);
  });
});
