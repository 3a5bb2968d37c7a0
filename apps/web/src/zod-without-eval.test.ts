import { describe, expect, it } from "vitest";
import "./zod-without-eval";
import { config, z } from "zod";

describe("zod on pages that forbid eval", () => {
  it("runs jitless, so it never probes new Function", () => {
    expect(config().jitless).toBe(true);
    // Parsing still works without the compiled fast path.
    expect(z.object({ name: z.string() }).parse({ name: "Zimmer 103" })).toEqual({ name: "Zimmer 103" });
  });
});
