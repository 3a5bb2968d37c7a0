import { describe, expect, it } from "vitest";
import { EPOCH_ZERO } from "../constants.ts";
import { syncIndicator, syncProgressHideAt, syncPulseIntensity, type SyncIndicatorState } from "./sync-indicator.ts";

const now = new Date("2025-05-01T12:00:00.000Z");
const minutesAgo = (m: number): string => new Date(now.getTime() - m * 60_000).toISOString();
const COMMIT = minutesAgo(120);

describe("syncIndicator state", () => {
  // spec: "Sync indicator: no systems means 'systems missing'; last commit time zero and not demo
  // means 'never synced'; pending HTTP sync jobs mean 'submitting changes' with a count; commit
  // pending shows 'needs commit' with minutes since last change; otherwise 'in sync'. It links to
  // sync (or the system list if no systems)."
  it.each<
    [string, { systems: number; demo: boolean; commit: string | null; change: string | null; jobs: number }, SyncIndicatorState, "sync" | "systemParamList"]
  >([
    ["no systems", { systems: 0, demo: false, commit: EPOCH_ZERO, change: EPOCH_ZERO, jobs: 2 }, { kind: "systemsMissing" }, "systemParamList"],
    ["no systems, demo", { systems: 0, demo: true, commit: COMMIT, change: COMMIT, jobs: 0 }, { kind: "systemsMissing" }, "systemParamList"],
    ["never committed", { systems: 1, demo: false, commit: EPOCH_ZERO, change: EPOCH_ZERO, jobs: 0 }, { kind: "neverSynced" }, "sync"],
    ["never committed (null), jobs running", { systems: 1, demo: false, commit: null, change: null, jobs: 3 }, { kind: "neverSynced" }, "sync"],
    ["demo never committed is in sync", { systems: 1, demo: true, commit: EPOCH_ZERO, change: EPOCH_ZERO, jobs: 0 }, { kind: "inSync" }, "sync"],
    ["jobs pending", { systems: 2, demo: false, commit: COMMIT, change: minutesAgo(5), jobs: 2 }, { kind: "submitting", count: 2 }, "sync"],
    ["jobs pending, demo", { systems: 1, demo: true, commit: COMMIT, change: COMMIT, jobs: 1 }, { kind: "submitting", count: 1 }, "sync"],
    ["change after commit", { systems: 1, demo: false, commit: COMMIT, change: minutesAgo(7), jobs: 0 }, { kind: "needsCommit", minutes: 7 }, "sync"],
    ["change after commit, demo", { systems: 1, demo: true, commit: COMMIT, change: minutesAgo(7), jobs: 0 }, { kind: "inSync" }, "sync"],
    ["change before commit", { systems: 1, demo: false, commit: COMMIT, change: minutesAgo(121), jobs: 0 }, { kind: "inSync" }, "sync"],
    ["change equals commit", { systems: 1, demo: false, commit: COMMIT, change: COMMIT, jobs: 0 }, { kind: "inSync" }, "sync"],
  ])("%s", (_label, input, state, linkTo) => {
    const view = syncIndicator({
      systemCount: input.systems,
      demoMode: input.demo,
      lastCommit: input.commit,
      lastChange: input.change,
      syncJobCount: input.jobs,
      now,
    });
    expect(view.state).toEqual(state);
    expect(view.linkTo).toBe(linkTo);
  });
});

describe("sync pulse", () => {
  // spec: "It pulses when a commit is pending, intensity rising with minutes since last change,
  // full at 40 minutes." ("Sync pulse full at 40 min")
  it.each<[number, number]>([
    [0, 0.1],
    [2, 0.1],
    [10, 0.25],
    [20, 0.5],
    [39, 0.975],
    [40, 1],
    [600, 1],
    [-5, 0.1],
  ])("%d min → %d", (minutes, intensity) => {
    expect(syncPulseIntensity(minutes)).toBeCloseTo(intensity);
  });

  it.each<[string, { demo: boolean; commit: string; change: string; systems: number }, number]>([
    ["pending 20 min", { demo: false, commit: COMMIT, change: minutesAgo(20), systems: 1 }, 0.5],
    ["never synced", { demo: false, commit: EPOCH_ZERO, change: EPOCH_ZERO, systems: 1 }, 0.1],
    ["not pending", { demo: false, commit: COMMIT, change: COMMIT, systems: 1 }, 0],
    ["demo", { demo: true, commit: COMMIT, change: minutesAgo(50), systems: 1 }, 0],
    ["no systems", { demo: false, commit: EPOCH_ZERO, change: EPOCH_ZERO, systems: 0 }, 0],
  ])("%s → pulse %d", (_label, input, pulse) => {
    const view = syncIndicator({ systemCount: input.systems, demoMode: input.demo, lastCommit: input.commit, lastChange: input.change, syncJobCount: 0, now });
    expect(view.pulse).toBeCloseTo(pulse);
  });
});

describe("syncProgressHideAt", () => {
  // spec: "The progress bar shows while sync jobs exist and stays at least 3 seconds after."
  // ("progress bar visible at least 3000 ms")
  it.each<[string, number, number | null, number | null]>([
    ["jobs running", 2, 1000, null],
    ["nothing shown", 0, null, null],
    ["jobs done, shown at 1000", 0, 1000, 4000],
  ])("%s", (_label, jobs, shownSince, hideAt) => {
    expect(syncProgressHideAt(jobs, shownSince)).toBe(hideAt);
  });
});
