import { describe, expect, it } from "vitest";
import { backupFolderName, backupSettingsSchema, backupsBeyondRetention, latestBackupTime } from "./backups.ts";

const t = (iso: string): number => Date.parse(iso);
const ZURICH = "Europe/Zurich";

// Product notes: "nightly database backup (03:00 by default, one folder per date)"; in the site's
// zone, so 03:00 stays 03:00 on the wall clock across daylight-saving changes.
describe("latestBackupTime (Europe/Zurich)", () => {
  it.each<[string, string, string, string]>([
    ["before 03:00 → yesterday's", "2026-11-27T01:00:00Z", "03:00", "2026-11-26T02:00:00Z"],
    ["exactly 03:00 → today's", "2026-11-27T02:00:00Z", "03:00", "2026-11-27T02:00:00Z"],
    ["afternoon → today's", "2026-11-27T14:00:00Z", "03:00", "2026-11-27T02:00:00Z"],
    ["summer time: 03:00 CEST is 01:00Z", "2026-07-01T12:00:00Z", "03:00", "2026-07-01T01:00:00Z"],
    ["a configured 23:30", "2026-11-27T12:00:00Z", "23:30", "2026-11-26T22:30:00Z"],
    ["the spring-forward night: 02:30 does not exist, it moves to 03:30", "2026-03-29T12:00:00Z", "02:30", "2026-03-29T01:30:00Z"],
  ])("%s", (_name, now, time, expected) => {
    expect(new Date(latestBackupTime(t(now), time, ZURICH)).toISOString()).toBe(new Date(t(expected)).toISOString());
  });
});

describe("backupFolderName: one folder per date, named by the UTC minute", () => {
  it.each([
    ["2026-11-27T03:00:00.000Z", "2026-11-27T0300Z"],
    ["2026-01-05T23:59:59.999Z", "2026-01-05T2359Z"],
  ])("%s → %s", (iso, name) => expect(backupFolderName(t(iso))).toBe(name));
});

describe("backupsBeyondRetention: the oldest good backups beyond the count go", () => {
  const folders = ["2026-11-27T0300Z", "2026-11-25T0300Z", "2026-11-27T0300Z-2", "2026-11-26T0300Z", "notes", "2026-11-24T0300Z-10", "2026-11-24T0300Z-9"];
  it.each<[number, string[]]>([
    [10, []],
    [6, []],
    [5, ["2026-11-24T0300Z-9"]],
    [3, ["2026-11-24T0300Z-9", "2026-11-24T0300Z-10", "2026-11-25T0300Z"]],
    // Never the last good one, whatever the count says.
    [0, ["2026-11-24T0300Z-9", "2026-11-24T0300Z-10", "2026-11-25T0300Z", "2026-11-26T0300Z", "2026-11-27T0300Z"]],
  ])("keep %i", (retention, expected) => expect(backupsBeyondRetention(folders, retention)).toEqual(expected));
});

describe("backupSettingsSchema", () => {
  it.each<[unknown, boolean]>([
    [{ enabled: true, time: "03:00", retention: 7 }, true],
    [{ enabled: false, time: "23:59", retention: 1 }, true],
    [{ enabled: true, time: "24:00", retention: 7 }, false],
    [{ enabled: true, time: "3:00", retention: 7 }, false],
    [{ enabled: true, time: "03:00", retention: 0 }, false],
    [{ enabled: true, time: "03:00", retention: 366 }, false],
    [{ enabled: true, time: "03:00", retention: 1.5 }, false],
  ])("%j → %s", (input, ok) => expect(backupSettingsSchema.safeParse(input).success).toBe(ok));
});
