import { describe, expect, it } from "vitest";
import { nodeChangeProblems, nodeDeleteProblems, nodeEditState, type NodeEditFacts } from "./node-editing.ts";

const calm: NodeEditFacts = { openCallCount: 0, hasActiveOverride: false, inheritsData: false, childCount: 0 };

describe('spec §5 "Editing is blocked for elements with open calls, an active override, or inherited data"', () => {
  it.each([
    ["a calm element", {}, [], true],
    ["open calls", { openCallCount: 2 }, ["open_calls"], false],
    ["an active override", { hasActiveOverride: true }, ["active_override"], false],
    // Inherited data blocks the inherited values only (nodeChangeProblems), not the element.
    ["inherited data", { inheritsData: true }, [], true],
    ["everything at once", { openCallCount: 1, hasActiveOverride: true, inheritsData: true }, ["open_calls", "active_override"], false],
    ["children do not block editing", { childCount: 3 }, [], true],
  ] as const)("%s", (_name, facts, blockedBy, canEdit) => {
    const state = nodeEditState({ ...calm, ...facts });
    expect(state.blockedBy).toEqual(blockedBy);
    expect(state.canEdit).toBe(canEdit);
  });
});

describe('spec §5 "Elements with children cannot be deleted; inheriting devices cannot be moved"', () => {
  it.each([
    ["no children", {}, true, true],
    ["children", { childCount: 1 }, false, true],
    ["inheriting device", { inheritsData: true }, true, false],
    ["open calls", { openCallCount: 1 }, false, false],
  ] as const)("%s", (_name, facts, canDelete, canMove) => {
    const state = nodeEditState({ ...calm, ...facts });
    expect(state.canDelete).toBe(canDelete);
    expect(state.canMove).toBe(canMove);
  });
});

describe("what forbids a change (keys of the tree contract)", () => {
  const state = (facts: Partial<NodeEditFacts> = {}) => nodeEditState({ ...calm, ...facts });
  it.each([
    ["a calm element", state(), ["comment"], false, []],
    ["nothing changed", state({ openCallCount: 1 }), [], false, []],
    ["open calls block the element", state({ openCallCount: 1 }), ["comment"], false, [{ field: "_", message: "validation.blocked_open_calls" }]],
    [
      "an active override blocks the element",
      state({ hasActiveOverride: true }),
      ["comment"],
      false,
      [{ field: "_", message: "validation.blocked_active_override" }],
    ],
    [
      "an inherited value",
      state({ inheritsData: true, inheritedFields: ["section_id"] }),
      ["section_id", "comment"],
      true,
      [{ field: "section_id", message: "validation.blocked_inherited" }],
    ],
    [
      "a move of an inheriting device",
      state({ inheritsData: true }),
      ["parent_id"],
      true,
      [{ field: "parent_id", message: "validation.inheriting_cannot_move" }],
    ],
    ["a move that clears the flags", state({ inheritsData: true }), ["parent_id", "inherit_section"], false, []],
  ] as const)("%s", (_name, s, changed, inheritsAfter, expected) => {
    expect(nodeChangeProblems(s, changed, inheritsAfter)).toEqual(expected);
  });

  it.each([
    ["no children", state(), 0, []],
    ["children", state({ childCount: 2 }), 2, [{ field: "_", message: "validation.has_children" }]],
    ["open calls", state({ openCallCount: 1 }), 0, [{ field: "_", message: "validation.blocked_open_calls" }]],
  ] as const)("delete: %s", (_name, s, children, expected) => {
    expect(nodeDeleteProblems(s, children)).toEqual(expected);
  });
});
