import { describe, expect, it } from "vitest";
import { clampPosition, keyboardMove, nextCheckpointNumber, placed, toImagePoint } from "./map-geometry";

describe("map geometry", () => {
  const size = { width: 800, height: 600 };

  it("turns a pointer on the scaled image into image pixels", () => {
    // The 800×600 image shown 400×300 at (100, 50): the middle of the box is the image's middle.
    expect(toImagePoint({ x: 300, y: 200 }, { left: 100, top: 50, width: 400, height: 300 }, size)).toEqual({ x: 400, y: 300 });
    expect(toImagePoint({ x: 101, y: 51 }, { left: 100, top: 50, width: 400, height: 300 }, size)).toEqual({ x: 2, y: 2 });
  });

  it("keeps positions on the image and in whole pixels", () => {
    expect(clampPosition(-5, 12.4, size)).toEqual({ x: 0, y: 12 });
    expect(clampPosition(900, 700, size)).toEqual({ x: 800, y: 600 });
    // spec field limits: position_x/position_y 0..10000.
    expect(clampPosition(20000, 20000, { width: 30000, height: 30000 })).toEqual({ x: 10000, y: 10000 });
  });

  it("reads stored checkpoints with the registry's default diameter", () => {
    expect(placed({ id: 3, position_x: 10, position_y: 20, diameter: null })).toEqual({ id: 3, x: 10, y: 20, diameter: 50 });
  });

  it("offers the next number above the map's highest", () => {
    expect(nextCheckpointNumber([])).toBe(1);
    expect(
      nextCheckpointNumber([
        { id: 1, number: 4 },
        { id: 2, number: 12 },
      ]),
    ).toBe(13);
    // Another map holds 20; one was just created as 21 (the list has not caught up yet).
    expect(nextCheckpointNumber([{ id: 1, number: 4 }], 20, 21)).toBe(22);
  });

  it("moves by one pixel with arrows, ten with Shift", () => {
    expect(keyboardMove("ArrowLeft", false)).toEqual({ dx: -1, dy: 0 });
    expect(keyboardMove("ArrowDown", true)).toEqual({ dx: 0, dy: 10 });
    expect(keyboardMove("Enter", false)).toBeNull();
  });
});
