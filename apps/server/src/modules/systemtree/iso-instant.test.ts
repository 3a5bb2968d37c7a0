import { describe, expect, it } from "vitest";
import { isoInstant } from "./iso-instant.ts";

describe("isoInstant writes what Date#toISOString writes", () => {
  it.each([0, 1, 999, 1000, 59_999, 86_399_999, 86_400_000, 951_782_400_000, 1_764_150_000_123, 4_102_444_799_999, -1, -86_400_001])("%i", (ms) => {
    expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it("matches across many days and times", () => {
    for (let ms = 1_600_000_000_000; ms < 1_800_000_000_000; ms += 3_700_013_777) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it("keeps null and refuses what is no instant", () => {
    expect(isoInstant(null)).toBeNull();
    expect(isoInstant(Number.NaN)).toBeNull();
  });
});
