import { describe, expect, it } from "vitest";
import { PRODUCT_VERSION } from "../version.ts";
import {
  UPDATE_COUNTDOWN_SECONDS,
  UPDATE_SLOW_AFTER_MS,
  UPDATE_STATES,
  UPDATE_TIMEOUT_MS,
  UPDATE_VERSION_PATTERN,
  canStartUpdate,
  isUpdateAvailable,
  updateProgress,
  type UpdateProgress,
  type UpdateRecord,
  type UpdateState,
} from "./update.ts";

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

describe("updateProgress", () => {
  const started = 1_000_000;
  const record = (state: UpdateState, started_at: number | null = started): UpdateRecord => ({
    state,
    to_version: "5.442",
    from_version: "5.441",
    started_at,
    error: null,
  });
  // spec: "Update: available, in progress, done, error, timeout." / "update up to 5 min" /
  // "Restart slower than usual; update fails or slower than usual."
  it.each<[string, UpdateRecord, string, number, UpdateProgress]>([
    ["available stays available", record("available", null), "5.441", started, { state: "available", slow: false }],
    ["in progress, just restarted", record("in_progress"), "5.441", started + 5_000, { state: "in_progress", slow: false }],
    ["in progress at the slow limit", record("in_progress"), "5.441", started + UPDATE_SLOW_AFTER_MS, { state: "in_progress", slow: false }],
    [
      "in progress past the slow limit: slower than usual",
      record("in_progress"),
      "5.441",
      started + UPDATE_SLOW_AFTER_MS + 1,
      { state: "in_progress", slow: true },
    ],
    ["in progress at 5 min", record("in_progress"), "5.441", started + UPDATE_TIMEOUT_MS, { state: "in_progress", slow: true }],
    ["in progress past 5 min: timeout", record("in_progress"), "5.441", started + UPDATE_TIMEOUT_MS + 1, { state: "timeout", slow: false }],
    ["the server runs the new version: done", record("in_progress"), "5.442", started + 10_000, { state: "done", slow: false }],
    ["done even when the restart was slow", record("in_progress"), "5.442", started + UPDATE_TIMEOUT_MS + 1, { state: "done", slow: false }],
    ["done stays done", record("done"), "5.442", started, { state: "done", slow: false }],
    ["error stays error", record("error"), "5.441", started + UPDATE_TIMEOUT_MS * 2, { state: "error", slow: false }],
    ["timeout stays timeout", record("timeout"), "5.441", started, { state: "timeout", slow: false }],
  ])("%s", (_name, given, running, now, expected) => {
    expect(updateProgress(given, running, now)).toEqual(expected);
  });

  it("a new package may be uploaded unless an update is in progress", () => {
    expect(canStartUpdate(null)).toBe(true);
    for (const state of UPDATE_STATES) expect(canStartUpdate({ state, slow: false })).toBe(state !== "in_progress");
  });

  it("versions are plain numbers (they name a folder on the server)", () => {
    for (const ok of ["5.442", "5.442.1", "6.0"]) expect(UPDATE_VERSION_PATTERN.test(ok)).toBe(true);
    for (const bad of ["", "5", "../5.442", "5.442-beta", "5.442/x", "v5.442"]) expect(UPDATE_VERSION_PATTERN.test(bad)).toBe(false);
  });
});
