import { describe, expect, it } from "vitest";
import { nodeEditState, type NodeEditFacts } from "./node-editing.ts";

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
