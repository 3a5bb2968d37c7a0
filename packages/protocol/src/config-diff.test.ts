import { describe, expect, it } from "vitest";
import { CONFIG_SYNC_ERROR_KEYS } from "@caresuite/domain";
import { diffConfigs, fieldChanges, rowState, type DiffContext } from "./config-diff.ts";
import { PUBLISH_ERRORS } from "./validate/publish-error.ts";
import type { ControllerConfig } from "./config.ts";

const empty = (): ControllerConfig => ({
  revision: 1,
  system_tree: [],
  sections: [],
  call_types: [],
  call_sources: [],
  schedules: [],
  display_groups: [],
  display_group_connections: [],
  hubs: [],
});

const node = (id: number, name: string, extra: Record<string, unknown> = {}) =>
  ({ id, kind: "room", parent_id: null, name, battery: null, reachable: true, ...extra }) as unknown as ControllerConfig["system_tree"][number];

// spec: "Row states: created, updated, deleted, imported_to_cs, imported_to_gets, in_sync,
// needs_commit, never_synced, removed_from_cs, removed_from_gets, sent_to_gets, submitting_changes."
describe("rowState", () => {
  const idle: DiffContext & { theirsKnown: boolean } = { localEdits: false, publishing: null, theirsKnown: true };
  const local = { ...idle, localEdits: true };
  it.each([
    ["nothing fetched from the controller yet", { ours: true, theirs: false, equal: false }, { ...local, theirsKnown: false }, "never_synced"],
    ["both sides equal", { ours: true, theirs: true, equal: true }, local, "in_sync"],
    ["a local new record", { ours: true, theirs: false, equal: false }, local, "created"],
    ["a local edit", { ours: true, theirs: true, equal: false }, local, "updated"],
    ["a local delete", { ours: false, theirs: true, equal: false }, local, "deleted"],
    ["added at the controller, no local edits", { ours: false, theirs: true, equal: false }, idle, "imported_to_gets"],
    ["changed at the controller, no local edits", { ours: true, theirs: true, equal: false }, idle, "imported_to_gets"],
    ["removed at the controller, no local edits", { ours: true, theirs: false, equal: false }, idle, "removed_from_gets"],
    ["a publish before its sending step", { ours: true, theirs: true, equal: false }, { ...local, publishing: "submitting" as const }, "submitting_changes"],
    ["a publish from its sending step", { ours: true, theirs: true, equal: false }, { ...local, publishing: "sent" as const }, "sent_to_gets"],
  ])("%s", (_what, present, ctx, expected) => {
    expect(rowState(present, ctx)).toBe(expected);
  });
});

describe("fieldChanges", () => {
  it("names each configured field that differs, with ours and theirs", () => {
    expect(fieldChanges("system_tree", { id: 1, name: "Zimmer 12", comment: null }, { id: 1, name: "Zimmer 11", comment: null })).toEqual([
      { field: "name", ours: "Zimmer 12", theirs: "Zimmer 11" },
    ]);
  });
  it("leaves out what the hardware reports (battery, reachability)", () => {
    expect(fieldChanges("system_tree", { id: 1, battery: 80, reachable: true }, { id: 1, battery: 20, reachable: false })).toEqual([]);
  });
  it("leaves out the display group override marks this suite derives (a section's mark survives a publish)", () => {
    expect(
      fieldChanges(
        "sections",
        { id: 1, has_display_group_override: true, active_display_group_override_id: 3 },
        { id: 1, has_display_group_override: false, active_display_group_override_id: null },
      ),
    ).toEqual([]);
    expect(fieldChanges("system_tree", { id: 1, active_display_group_override_id: 3 }, { id: 1, active_display_group_override_id: null })).toEqual([]);
  });
  it("compares objects whatever their key order", () => {
    expect(
      fieldChanges("system_tree", { device_text_overrides: { button: "a", checkpoint: "b" } }, { device_text_overrides: { checkpoint: "b", button: "a" } }),
    ).toEqual([]);
  });
});

describe("diffConfigs", () => {
  it("lists a local rename as updated with its field change, and leaves equal records out", () => {
    const ours = { ...empty(), system_tree: [node(1, "Zimmer 12"), node(2, "Flur")] };
    const theirs = { ...empty(), system_tree: [node(1, "Zimmer 11"), node(2, "Flur")] };
    expect(diffConfigs(ours, theirs, { localEdits: true, publishing: null })).toEqual([
      {
        id: "system_tree:1",
        entity_id: 1,
        entity_kind: "system_tree",
        state: "updated",
        changes: [{ field: "name", ours: "Zimmer 12", theirs: "Zimmer 11" }],
        ours: ours.system_tree[0],
        theirs: theirs.system_tree[0],
      },
    ]);
  });
  it("lists every record as never_synced while nothing was fetched", () => {
    const ours = { ...empty(), call_types: [{ id: 4, name: "Ruf", urgency: "NORMAL", flag: "None", sort_order: 1 }] } as ControllerConfig;
    expect(diffConfigs(ours, null, { localEdits: true, publishing: null }).map((e) => [e.id, e.state])).toEqual([["call_types:4", "never_synced"]]);
  });
  it("keeps equal records with includeInSync", () => {
    const config = { ...empty(), system_tree: [node(1, "Flur")] };
    expect(diffConfigs(config, config, { localEdits: false, publishing: null, includeInSync: true }).map((e) => e.state)).toEqual(["in_sync"]);
  });
});

// spec §8 "Configuration: duplicated position, duplicated serial, invalid config, invalid schedule
// interval, invalid value, missing call source, missing relation": each has its translated text.
describe("publish error texts", () => {
  it.each(PUBLISH_ERRORS)("%s has an i18n key", (error) => {
    expect(CONFIG_SYNC_ERROR_KEYS[error]).toMatch(/^[a-zA-Z]+$/);
  });
});
