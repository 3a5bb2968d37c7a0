import { describe, expect, it } from "vitest";
import { backupFailureKey, lastBackupAgeHours, runningJob } from "./backups-view";

describe("backups view", () => {
  it.each([
    ["corrupt", "backups.error.corrupt"],
    ["destination_full", "backups.error.destination_full"],
    ["interrupted", "backups.error.interrupted"],
    ["something new", "backups.error.internal"],
    [null, "backups.error.internal"],
  ])("failure %s → %s", (reason, key) => expect(backupFailureKey(reason)).toBe(key));

  it("follows the running job only", () => {
    expect(runningJob([{ status: "done", kind: "backup" }])).toBeNull();
    expect(runningJob([{ status: "running", kind: "backup" }])).toEqual({ status: "running", kind: "backup" });
  });

  it("says how old the last good backup is (product notes: show the age of the last good backup)", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(lastBackupAgeHours([], now)).toBeNull();
    expect(lastBackupAgeHours([{ created_at: "2026-11-27T03:00:00Z" }, { created_at: "2026-11-26T03:00:00Z" }], now)).toBe(9);
  });
});
