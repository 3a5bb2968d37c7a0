import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addSyncJob,
  commitPush,
  effectiveCommitStart,
  effectiveLastChange,
  importProgress,
  localChange,
  registerConfigSyncMessages,
  removeSyncJob,
  resetConfigSync,
  syncJobs,
} from "./config-sync";
import { createSystemMessageDispatcher } from "./system-messages";

const NOW = Date.parse("2025-05-01T12:00:00.000Z");

function setup(appDataCommitStart: string | null = null) {
  const dispatcher = createSystemMessageDispatcher(vi.fn());
  const refetch = vi.fn();
  const off = registerConfigSyncMessages(dispatcher, { appDataCommitStart: () => appDataCommitStart, now: () => NOW, refetch });
  const send = (subject: string, payload: unknown): void => dispatcher.dispatch({ subject, payload: JSON.stringify(payload) });
  return { send, refetch, off };
}

afterEach(resetConfigSync);

describe("sync jobs", () => {
  it.each<[string, readonly string[], string, readonly string[]]>([
    ["adds", [], "a", ["a"]],
    ["keeps ids unique", ["a"], "a", ["a"]],
    ["counts jobs without id", [""], "", ["", ""]],
  ])("add: %s", (_label, jobs, id, expected) => {
    expect(addSyncJob(jobs, id)).toEqual(expected);
  });

  it.each<[string, readonly string[], string, readonly string[]]>([
    ["removes by id", ["a", "b"], "b", ["a"]],
    ["unknown id changes nothing", ["a"], "x", ["a"]],
    ["no id removes the oldest", ["a", "b"], "", ["b"]],
    ["empty stays empty", [], "", []],
  ])("remove: %s", (_label, jobs, id, expected) => {
    expect(removeSyncJob(jobs, id)).toEqual(expected);
  });

  // spec: "getshttp.start adds a sync job, getshttp.finished and getshttp.failed remove it"
  it("follows getshttp.start, finished and failed", () => {
    const { send, refetch } = setup();
    send("getshttp.start", { system_id: 1, id: "j1", auto_commit: true });
    send("getshttp.start", { system_id: 1, id: "j2", auto_commit: true });
    expect(syncJobs.get()).toEqual(["j1", "j2"]);
    send("getshttp.finished", { system_id: 1, id: "j1" });
    send("getshttp.failed", { system_id: 1, id: "j2", error: "timeout" });
    expect(syncJobs.get()).toEqual([]);
    expect(refetch).toHaveBeenCalledTimes(2);
    expect(localChange.get()).toBeNull();
  });

  // spec: "Adding a sync job with auto_commit false marks the configuration as changed now."
  it("a job without auto commit marks the configuration changed now", () => {
    setup().send("getshttp.start", { system_id: 1, id: "j1", auto_commit: false });
    expect(localChange.get()).toBe(new Date(NOW).toISOString());
  });

  // docs/decisions/026: a change saved in any browser shows "needs commit" in every open one.
  it("a pushed getsconfig.changed is the last change; a malformed one changes nothing", () => {
    const { send } = setup();
    send("getsconfig.changed", { system_id: 1, changed_at: "nonsense" });
    expect(localChange.get()).toBeNull();
    send("getsconfig.changed", { system_id: 1, changed_at: "2026-11-27T01:00:00.000Z" });
    expect(localChange.get()).toBe("2026-11-27T01:00:00.000Z");
  });
});

describe("committing by push", () => {
  // spec: "getsconfig.commit / commit_done set or clear committing"
  it("commit sets the start (payload's, else now), commit_done clears it", () => {
    const { send, refetch } = setup();
    send("getsconfig.commit", { system_id: 1 });
    expect(commitPush.get()).toEqual({ start: new Date(NOW).toISOString(), appDataStart: null });
    send("getsconfig.commit", { system_id: 1, started_at: "2025-05-01T11:59:00.000Z" });
    expect(commitPush.get()?.start).toBe("2025-05-01T11:59:00.000Z");
    send("getsconfig.commit_done", { system_id: 1 });
    expect(commitPush.get()).toEqual({ start: null, appDataStart: null });
    expect(refetch).toHaveBeenCalledTimes(3);
  });

  // spec: "getsconfig.progress sets import progress"
  it.each<[unknown, number | null]>([
    [{ progress: 42 }, 42],
    [{ progress: 140 }, 100],
    [{ progress: "x" }, null],
    [null, null],
  ])("progress %j → %j", (payload, expected) => {
    setup().send("getsconfig.progress", payload);
    expect(importProgress.get()).toBe(expected);
  });

  it("commit_done clears the import progress", () => {
    const { send } = setup();
    send("getsconfig.progress", { progress: 50 });
    send("getsconfig.commit_done", {});
    expect(importProgress.get()).toBeNull();
  });

  it.each<[string, string | null, { start: string | null; appDataStart: string | null } | null, string | null]>([
    ["no push: AppData", "2025-05-01T11:00:00Z", null, "2025-05-01T11:00:00Z"],
    ["push over the same AppData", null, { start: "2025-05-01T11:59:00Z", appDataStart: null }, "2025-05-01T11:59:00Z"],
    ["done over the same AppData", "2025-05-01T11:00:00Z", { start: null, appDataStart: "2025-05-01T11:00:00Z" }, null],
    ["AppData changed since: AppData", "2025-05-01T11:58:00Z", { start: null, appDataStart: null }, "2025-05-01T11:58:00Z"],
  ])("effective start: %s", (_label, appData, push, expected) => {
    expect(effectiveCommitStart(appData, push)).toBe(expected);
  });

  it.each<[string | null, string | null, string | null]>([
    ["2025-05-01T11:00:00Z", null, "2025-05-01T11:00:00Z"],
    ["2025-05-01T11:00:00Z", "2025-05-01T11:30:00Z", "2025-05-01T11:30:00Z"],
    ["2025-05-01T11:40:00Z", "2025-05-01T11:30:00Z", "2025-05-01T11:40:00Z"],
    [null, "2025-05-01T11:30:00Z", "2025-05-01T11:30:00Z"],
  ])("effective last change %j / %j → %j", (appData, local, expected) => {
    expect(effectiveLastChange(appData, local)).toBe(expected);
  });
});
