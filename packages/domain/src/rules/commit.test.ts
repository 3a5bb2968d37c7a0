import { describe, expect, it } from "vitest";
import { EPOCH_ZERO } from "../constants.ts";
import { hasLocalEdits, isCommitPending, isCommitting, minutesSinceChange } from "./commit.ts";

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
