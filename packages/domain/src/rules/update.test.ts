import { describe, expect, it } from "vitest";
import { PRODUCT_VERSION } from "../version.ts";
import { UPDATE_COUNTDOWN_SECONDS, isUpdateAvailable } from "./update.ts";

describe("isUpdateAvailable", () => {
  // spec: "Response header X-CS-Version is read; if different from 5.441 an update is flagged."
  it.each<[string | null | undefined, boolean]>([
    ["5.441", false],
    ["5.442", true],
    ["5.44", true],
    [" 5.441 ", false],
    ["", false],
    [null, false],
    [undefined, false],
  ])("server version %j → %s", (version, expected) => {
    expect(isUpdateAvailable(version)).toBe(expected);
  });

  it('spec: "Client version: 5.441." and "It counts down from 30 seconds"', () => {
    expect(PRODUCT_VERSION).toBe("5.441");
    expect(UPDATE_COUNTDOWN_SECONDS).toBe(30);
  });
});
