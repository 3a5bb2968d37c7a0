import { describe, expect, it } from "vitest";
import { EPOCH_ZERO } from "../constants.ts";
import { hasLocalEdits, isCommitPending, isCommitting, minutesSinceChange, nextAutoCommit } from "./commit.ts";

const t = (iso: string): string => new Date(iso).toISOString();

describe("isCommitPending", () => {
  // spec: "Commit pending: unless demo mode is on, pending when the last commit time is epoch zero
  // or the last change is newer than the last commit."
  it.each<[string, boolean, string | null, string | null, boolean]>([
    ["never committed", false, EPOCH_ZERO, EPOCH_ZERO, true],
    ["never committed (null)", false, null, null, true],
    ["change after commit", false, t("2025-05-01T10:00:00Z"), t("2025-05-01T10:00:01Z"), true],
    ["change before commit", false, t("2025-05-01T10:00:00Z"), t("2025-05-01T09:59:59Z"), false],
    ["change equals commit", false, t("2025-05-01T10:00:00Z"), t("2025-05-01T10:00:00Z"), false],
    ["demo mode, never committed", true, EPOCH_ZERO, EPOCH_ZERO, false],
    ["demo mode, newer change", true, t("2025-05-01T10:00:00Z"), t("2025-05-01T11:00:00Z"), false],
  ])("%s → %s", (_label, demoMode, lastCommit, lastChange, expected) => {
    expect(isCommitPending({ demoMode, lastCommit, lastChange })).toBe(expected);
  });
});

describe("isCommitting", () => {
  // spec: "Committing: the commit-start time is less than 15 minutes old (900 seconds)."
  const now = new Date("2025-05-01T12:00:00.000Z");
  it.each<[string | null, boolean]>([
    [t("2025-05-01T11:59:00Z"), true],
    [t("2025-05-01T11:45:00.001Z"), true], // 899.999 s
    [t("2025-05-01T11:45:00Z"), false], // exactly 900 s
    [t("2025-05-01T11:00:00Z"), false],
    [t("2025-05-01T12:00:05Z"), true], // slight clock skew
    [EPOCH_ZERO, false],
    [null, false],
    ["garbage", false],
  ])("start %j → %s", (start, expected) => {
    expect(isCommitting(start, now)).toBe(expected);
  });
});

describe("minutesSinceChange", () => {
  // spec: "commit pending shows "needs commit" with minutes since last change"
  const now = new Date("2025-05-01T12:00:00.000Z");
  it.each<[string | null, number]>([
    [t("2025-05-01T11:20:00Z"), 40],
    [t("2025-05-01T11:59:30Z"), 0],
    [EPOCH_ZERO, 0],
    [null, 0],
  ])("%j → %i", (change, expected) => {
    expect(minutesSinceChange(change, now)).toBe(expected);
  });
});

// A re-import after config.changed must not overwrite unpublished local edits (docs/decisions/028).
describe("hasLocalEdits", () => {
  it.each([
    ["nothing changed, nothing published or imported", { lastChange: 0, lastCommit: 0, lastImport: null }, false],
    ["imported and untouched, never published", { lastChange: 0, lastCommit: 0, lastImport: 1000 }, false],
    ["edited after the import", { lastChange: 2000, lastCommit: 0, lastImport: 1000 }, true],
    ["edited, then published", { lastChange: 2000, lastCommit: 3000, lastImport: 1000 }, false],
    ["edited after the publish", { lastChange: 4000, lastCommit: 3000, lastImport: 1000 }, true],
    ["edited, then imported (theirs replaced ours)", { lastChange: 2000, lastCommit: 0, lastImport: 2500 }, false],
  ])("%s", (_what, state, expected) => {
    expect(hasLocalEdits(state)).toBe(expected);
  });
});

describe("nextAutoCommit", () => {
  // spec: "Configurator (system parameters): ... auto_commit"; "Publishing takes up to 10 minutes
  // and blocks other changes." Decided in docs/decisions/031-auto-commit: a quiet period of 30 s,
  // edits in a row coalesced, never beside a running publish or a link that is down (again after
  // 30 s), a failed configuration not retried by itself.
  const base = { autoCommit: true, lastChange: 100_000, lastCommit: 50_000, lastImport: 40_000, publishing: false, connected: true, lastFailure: null };
  it.each<[string, Partial<Parameters<typeof nextAutoCommit>[0]>, number, ReturnType<typeof nextAutoCommit>]>([
    ["auto_commit off: the change waits for a publish by hand", { autoCommit: false }, 200_000, { action: "none", why: "off" }],
    ["no change known for the system", { lastChange: null }, 200_000, { action: "none", why: "no_edits" }],
    ["published since the change", { lastCommit: 120_000 }, 200_000, { action: "none", why: "no_edits" }],
    ["imported since the change", { lastImport: 120_000 }, 200_000, { action: "none", why: "no_edits" }],
    ["just changed: waits out the quiet period", {}, 110_000, { action: "wait", until: 130_000, why: "quiet" }],
    ["a later edit moves the wait (coalesced)", { lastChange: 125_000 }, 130_000, { action: "wait", until: 155_000, why: "quiet" }],
    ["29.999 s quiet: still waits", {}, 129_999, { action: "wait", until: 130_000, why: "quiet" }],
    ["30 s quiet: publishes", {}, 130_000, { action: "publish" }],
    ["a publish runs: asks again after 30 s", { publishing: true }, 140_000, { action: "wait", until: 170_000, why: "publishing" }],
    ["the call system is not connected: asks again after 30 s", { connected: false }, 140_000, { action: "wait", until: 170_000, why: "offline" }],
    ["its auto publish failed: not again by itself", { lastFailure: 135_000 }, 200_000, { action: "none", why: "failed_unchanged" }],
    ["changed after the failure: tries again", { lastFailure: 90_000 }, 200_000, { action: "publish" }],
  ])("%s", (_label, change, now, expected) => {
    expect(nextAutoCommit({ ...base, ...change, now })).toEqual(expected);
  });

  it("takes other quiet and retry times", () => {
    expect(nextAutoCommit({ ...base, now: 100_400, quietMs: 500 })).toEqual({ action: "wait", until: 100_500, why: "quiet" });
    expect(nextAutoCommit({ ...base, now: 100_500, quietMs: 500, publishing: true, retryMs: 1000 })).toEqual({
      action: "wait",
      until: 101_500,
      why: "publishing",
    });
  });
});
