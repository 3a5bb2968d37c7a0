import { describe, expect, it } from "vitest";
import { contrastRatio, MIN_TEXT_CONTRAST, textColorOn } from "@caresuite/domain";
// The demo hospital's call types: the colours a first look at the product shows on the board.
import { DEMO_CALL_TYPE_RECORDS } from "../../../../simulator/src/site/call-types.ts";

describe("text on the seeded call-type colours (contrast of at least 4.5:1, checked by a test over the seeded colours)", () => {
  const seeded = DEMO_CALL_TYPE_RECORDS.map((record) => ({ name: String(record.name), color: String(record.color) }));

  it("reads every demo call type's colour", () => {
    expect(seeded.length).toBeGreaterThan(0);
    for (const { color } of seeded) expect(color).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it.each(seeded.map((s) => [s.name, s.color] as const))("%s (%s)", (_, color) => {
    expect(contrastRatio(color, textColorOn(color))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
