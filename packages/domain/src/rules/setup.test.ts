import { describe, expect, it } from "vitest";
import { canGoNext, loginPageRedirect, setupFinishTarget, setupPageRedirect } from "./setup.ts";
import type { SetupStep } from "./setup.ts";

describe("canGoNext", () => {
  // spec: "Next allowed when step 1 has a locale, steps 2 and 3 always, step 4 only when an
  // initial user exists, step 5 always."
  it.each<[SetupStep, string | null, boolean, boolean]>([
    [1, "de", false, true],
    [1, null, false, false],
    [1, "", false, false],
    [2, null, false, true],
    [3, null, false, true],
    [4, "de", false, false],
    [4, "de", true, true],
    [5, null, false, true],
  ])("step %i, locale %j, initial user %s → %s", (step, locale, hasInitialUser, expected) => {
    expect(canGoNext(step, { locale, hasInitialUser })).toBe(expected);
  });
});

describe("setup and login page redirects", () => {
  // spec: "Setup redirects to login when setup time is set and no user"
  it.each<[string | null, number, "/login" | null]>([
    ["2025-03-01T10:00:00.000Z", 0, "/login"],
    ["2025-03-01T10:00:00.000Z", 3, null],
    [null, 0, null],
    [null, 3, null],
  ])("setup page: setup time %j, user %i → %j", (setupTime, userId, expected) => {
    expect(setupPageRedirect({ setupTime, userId })).toBe(expected);
  });

  // spec: "login redirects to setup when no setup time"
  it.each<[string | null, "/setup" | null]>([
    [null, "/setup"],
    ["", "/setup"],
    ["2025-03-01T10:00:00.000Z", null],
  ])("login page: setup time %j → %j", (setupTime, expected) => {
    expect(loginPageRedirect({ setupTime })).toBe(expected);
  });

  // spec: "The last step button goes to sync if a configurator was set, else to homepage."
  it.each([
    [true, "/sync"],
    [false, "/home"],
  ])("finish with configurator %s → %s", (configuratorSet, expected) => {
    expect(setupFinishTarget({ configuratorSet })).toBe(expected);
  });
});
