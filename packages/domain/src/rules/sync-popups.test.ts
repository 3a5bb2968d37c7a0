import { describe, expect, it } from "vitest";
import { findRouteChain } from "../routes.ts";
import { commitProgressShown, publishFailureText, pushSyncError, showCommitPopup, showSyncErrorPopup, withoutCredentials } from "./sync-popups.ts";

const namesOf = (path: string): (string | undefined)[] => (findRouteChain(path) ?? []).map((def) => def.name);

describe("showCommitPopup", () => {
  // spec: "The commit popup opens when a configuration commit is underway (not on display or sync,
  // not for user id 0)."
  it.each<[string, boolean, string, number, boolean]>([
    ["committing on an admin list", true, "/admin/systemparams", 1, true],
    ["committing on the call log", true, "/log", 1, true],
    ["committing on the home redirect", true, "/home", 7, true],
    ["committing on the display board", true, "/display", 1, false],
    ["committing on a display profile's call form", true, "/display/ward-1/call/5", 1, false],
    ["committing on the sync page", true, "/sync", 1, false],
    ["committing, logged out (user id 0)", true, "/admin/systemparams", 0, false],
    ["committing on an unknown path", true, "/no/such/page", 1, true],
    ["not committing", false, "/admin/systemparams", 1, false],
  ])("%s → %s", (_label, committing, path, userId, expected) => {
    expect(showCommitPopup({ committing, routeNames: namesOf(path), userId })).toBe(expected);
  });
});

describe("showSyncErrorPopup", () => {
  // spec: "The sync-error popup opens on a pushed error (not on display, not for user id 0)."
  it.each<[string, boolean, string, number, boolean]>([
    ["an error on an admin list", true, "/admin/systemparams", 1, true],
    ["an error on the sync page (only display is excluded)", true, "/sync", 1, true],
    ["an error on the display board", true, "/display/ward-1", 1, false],
    ["an error, logged out (user id 0)", true, "/log", 0, false],
    ["no error", false, "/log", 1, false],
  ])("%s → %s", (_label, hasError, path, userId, expected) => {
    expect(showSyncErrorPopup({ hasError, routeNames: namesOf(path), userId })).toBe(expected);
  });
});

describe("commitProgressShown", () => {
  // spec: "It polls the changelog and shows the progress percentage while status is not Ready and
  // progress is above 0."
  it.each<[string | null, number | null, number | null]>([
    ["processing", 42, 42],
    ["processing", 0, null],
    ["processing", -3, null],
    ["ready", 42, null],
    ["in-sync", 100, 100],
    ["processing", 33.4, 33],
    ["processing", 250, 100],
    // Before the first poll answers: a pushed percentage still shows.
    [null, 12, 12],
    [null, null, null],
    ["processing", Number.NaN, null],
  ])("status %j, progress %j → %j", (status, progress, expected) => {
    expect(commitProgressShown({ status, progress })).toBe(expected);
  });
});

describe("publishFailureText", () => {
  // spec §8 "Configuration: duplicated position, ... missing relation" and "Sync timeout:
  // configurator did not start in time" are translated; the controller's detail names the records.
  it.each<[string | null, string | null, string | null]>([
    [
      "duplicated position: nodes 3 and 4 both have number 2 under the same parent",
      "configSyncErrors.duplicatedPosition",
      "nodes 3 and 4 both have number 2 under the same parent",
    ],
    ["missing relation", "configSyncErrors.missingRelation", null],
    ["configurator did not start in time", "configSyncErrors.syncTimeout", null],
    ["publish interrupted by a server restart", "configSyncErrors.interruptedByRestart", null],
    ["the call system stopped answering during the publish", "syncPopups.failure.stoppedAnswering", null],
    ["a publish is already running at the call system", "syncPopups.failure.busy", null],
    ["publish interrupted: the call system no longer knows the job", "syncPopups.failure.jobLost", null],
    ["something new: with a colon", null, "something new: with a colon"],
    ["", null, null],
    [null, null, null],
  ])("%j → %j", (error, key, detail) => {
    expect(publishFailureText(error)).toEqual({ key, detail });
  });
});

describe("pushSyncError", () => {
  // Decision 029: several errors in a row show the latest, with how many arrived.
  it("keeps the latest and counts", () => {
    const one = pushSyncError(null, "a");
    const two = pushSyncError(one, "b");
    expect(one).toEqual({ latest: "a", count: 1 });
    expect(two).toEqual({ latest: "b", count: 2 });
  });
});

describe("withoutCredentials", () => {
  // Task: the details reveal "action, url, checks, message, payload (never credentials)".
  it.each<[string, string | null, string, string | null]>([
    ["http://192.168.1.20:8080", '{"system_id":1}', "http://192.168.1.20:8080", '{"system_id":1}'],
    ["http://admin:admin@192.168.1.20:8080/api", null, "http://192.168.1.20:8080/api", null],
    ["https://user@ctrl.local", null, "https://ctrl.local", null],
    ["http://ctrl/path@not-userinfo", null, "http://ctrl/path@not-userinfo", null],
    [
      "http://c",
      '{"password":"x","nested":{"api_key":"k","ok":2},"list":[{"token":"t"}]}',
      "http://c",
      '{"password":"•••","nested":{"api_key":"•••","ok":2},"list":[{"token":"•••"}]}',
    ],
    ["http://c", "not json", "http://c", "not json"],
  ])("%s %s", (url, payload, expectedUrl, expectedPayload) => {
    expect(withoutCredentials({ url, payload })).toEqual({ url: expectedUrl, payload: expectedPayload });
  });
});
