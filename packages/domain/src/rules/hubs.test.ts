import { describe, expect, it } from "vitest";
import { isHubOutdated } from "./hubs.ts";

const NOW = Date.parse("2026-11-26T12:00:00.000Z");

describe('outdated hubs (spec app state "outdated_hubs (id, name, last_sync)"): older than 24 h or never synced', () => {
  it.each([
    [null, true],
    ["", true],
    ["not a time", true],
    ["2026-11-26T11:00:00.000Z", false],
    ["2026-11-25T12:00:00.000Z", false],
    ["2026-11-25T11:59:59.000Z", true],
    ["2026-11-20T08:00:00.000Z", true],
  ])("last_sync %j → outdated %s", (lastSync, outdated) => expect(isHubOutdated({ last_sync: lastSync }, NOW)).toBe(outdated));
});
