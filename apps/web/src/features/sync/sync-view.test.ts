import { describe, expect, it } from "vitest";
import { actionError, describeSyncError, detailRecords, diffValue, groupChangelog, recordName, stepStates } from "./sync-view";

const entry = (kind: string, id: number, state: string) => ({ id: `${kind}:${id}`, entity_id: id, entity_kind: kind, state });

describe("groupChangelog", () => {
  it("groups by entity kind, the system tree first, and counts each row state in the spec's order", () => {
    const groups = groupChangelog([
      entry("call_types", 4, "updated"),
      entry("system_tree", 12, "deleted"),
      entry("system_tree", 10, "updated"),
      entry("system_tree", 11, "created"),
      entry("system_tree", 13, "updated"),
      entry("future_kind", 1, "updated"),
    ]);
    expect(groups.map((g) => [g.kind, g.entries.length])).toEqual([
      ["system_tree", 4],
      ["call_types", 1],
      ["future_kind", 1],
    ]);
    // spec "Row states: created, updated, deleted, ..."
    expect(groups[0]?.states).toEqual([
      { state: "created", count: 1 },
      { state: "updated", count: 2 },
      { state: "deleted", count: 1 },
    ]);
  });

  it("is empty when nothing differs", () => {
    expect(groupChangelog([])).toEqual([]);
  });
});

describe("recordName", () => {
  it.each([
    ["ours first", { ours: '{"id":3,"name":"Zimmer 101 neu"}', theirs: '{"id":3,"name":"Zimmer 101"}' }, "Zimmer 101 neu"],
    ["theirs when we have none (deleted here)", { ours: null, theirs: '{"id":3,"name":"Zimmer 101"}' }, "Zimmer 101"],
    ["the long text when there is no name", { ours: '{"id":3,"name":"","text_long":"Bad 12"}', theirs: null }, "Bad 12"],
    ["none", { ours: '{"id":3}', theirs: "not json" }, null],
  ])("%s", (_label, input, expected) => {
    expect(recordName(input)).toBe(expected);
  });
});

describe("diffValue", () => {
  it.each([
    [null, { kind: "empty" }],
    ['""', { kind: "empty" }],
    ["null", { kind: "empty" }],
    ["true", { kind: "bool", value: true }],
    ['"Zimmer 101"', { kind: "text", text: "Zimmer 101" }],
    ["12", { kind: "text", text: "12" }],
    ["[1,2]", { kind: "text", text: "1, 2" }],
    ["[]", { kind: "empty" }],
    ['{"button":"A"}', { kind: "text", text: '{"button":"A"}' }],
  ])("%s", (json, expected) => {
    expect(diffValue(json)).toEqual(expected);
  });
});

describe("stepStates", () => {
  // spec "Send steps: init, preparing, wiping, sending, syncing, validating, finishing, done, failed."
  it("marks the steps before the current one done and the rest pending", () => {
    expect(stepStates("wiping", null).map((s) => `${s.step}:${s.state}`)).toEqual([
      "init:done",
      "preparing:done",
      "wiping:active",
      "sending:pending",
      "syncing:pending",
      "validating:pending",
      "finishing:pending",
    ]);
  });
  it("marks every step done at the end, and the step it stopped at when it failed", () => {
    expect(stepStates("finishing", "done").every((s) => s.state === "done")).toBe(true);
    expect(stepStates("validating", "failed").find((s) => s.state === "failed")?.step).toBe("validating");
  });
});

describe("describeSyncError", () => {
  // spec §8 "Configuration: duplicated position, duplicated serial, invalid config, invalid schedule
  // interval, invalid value, missing call source, missing relation"; "Sync timeout".
  it.each([
    ["duplicated serial: serial 0xA1 on nodes 12 and 13", "duplicatedSerial", "serial 0xA1 on nodes 12 and 13", [12, 13]],
    ["duplicated position: nodes 4 and 9 both have number 2 under the same parent", "duplicatedPosition", expect.any(String), [4, 9]],
    ["invalid schedule interval: schedules 2: time_2 (too small)", "invalidScheduleInterval", "schedules 2: time_2 (too small)", [2]],
    ["missing call source: system_tree 5: call_source_id 99 does not exist", "missingCallSource", expect.any(String), [5]],
    ["missing relation: system_tree 5: parent_id 7 does not exist", "missingRelation", expect.any(String), [5]],
    ["invalid value: system_tree[3] (id 44): text_short (too long)", "invalidValue", expect.any(String), [44]],
    ["invalid config: sections 3 and 5: same name", "invalidConfig", expect.any(String), [3, 5]],
    ["configurator did not start in time", "timeout", null, []],
    ["publish interrupted by a server restart", "restart", null, []],
    ["something else", "unknown", "something else", []],
  ])("%s", (message, key, detail, ids) => {
    const view = describeSyncError(message);
    expect(view.key).toBe(key);
    expect(view.detail).toEqual(detail);
    expect(view.records.map((r) => r.id)).toEqual(ids);
  });

  it("names each record once with its kind", () => {
    expect(detailRecords("sections 3 and 5: same name")).toEqual([
      { kind: "sections", id: 3 },
      { kind: "sections", id: 5 },
    ]);
  });
});

describe("actionError", () => {
  const answer = (extensions: Record<string, unknown>, message = "refused") => ({ graphQLErrors: [{ message, extensions }] });
  it("words the server's check before sending with the controller's code, naming the records", () => {
    const view = actionError(
      answer({
        code: "VALIDATION",
        reason: "config_invalid",
        fields: { config: [{ message: "duplicated serial", data: { detail: "serial 7 on nodes 12 and 13" } }] },
      }),
    );
    expect(view).toEqual({
      key: "duplicatedSerial",
      detail: "serial 7 on nodes 12 and 13",
      records: [
        { kind: "system_tree", id: 12 },
        { kind: "system_tree", id: 13 },
      ],
    });
  });
  it.each([
    ["publish_running", "publishRunning"],
    ["config_committing", "configCommitting"],
    ["not_connected", "notConnected"],
    ["publish_refused", "refused"],
  ])("says why a %s conflict stopped it", (reason, key) => {
    expect(actionError(answer({ code: "CONFLICT", reason }))?.key).toBe(key);
  });
  it("falls back to a general message, and to nothing without an error", () => {
    expect(actionError(answer({ code: "INTERNAL" }))?.key).toBe("generic");
    expect(actionError(undefined)).toBeNull();
  });
});
