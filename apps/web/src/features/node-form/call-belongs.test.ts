import { describe, expect, it } from "vitest";
import { callBelongsToNode } from "./call-belongs";

describe('callBelongsToNode: spec route "/tree/edit/:nodeid/calls/:id" shows a call of the node or of a device below it', () => {
  it.each([
    ["the node's own call", 23, 23, [20, 2, 1], true],
    ["a call of a device in the room", 20, 23, [20, 2, 1], true],
    ["a call below the building", 1, 23, [20, 2, 1], true],
    ["a call of another room's device", 21, 23, [20, 2, 1], false],
    ["a call of a sibling device", 25, 23, [20, 2, 1], false],
    ["a device whose parents are unknown (not visible)", 20, 23, [], false],
  ] as const)("%s", (_, nodeId, callNumber, parents, expected) => {
    expect(callBelongsToNode(nodeId, callNumber, parents)).toBe(expected);
  });
});
