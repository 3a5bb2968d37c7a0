import { describe, expect, it } from "vitest";
import { SYSTEM_STORAGE_KEY, initialSystemId, parseSystemHeader, systemHeaderValue } from "./system-context.ts";

describe("initialSystemId", () => {
  // spec: "Initial context: the system query parameter, else local storage, else 1."
  it.each<[string | null, string | null, number]>([
    ["3", "2", 3],
    [null, "2", 2],
    [null, null, 1],
    ["02", null, 2],
    ["abc", "4", 4], // invalid query ignored
    ["0", "4", 4],
    ["-2", null, 1],
    ["100", null, 1],
    ["1.5", "x", 1],
    ["", "5", 5],
  ])("query %j, stored %j → %i", (query, stored, expected) => {
    expect(initialSystemId(query, stored)).toBe(expected);
  });

  it('spec: "system key cs.system_context"', () => {
    expect(SYSTEM_STORAGE_KEY).toBe("cs.system_context");
  });
});

describe("X-CS-System header", () => {
  // spec: "X-CS-System (system id padded to 2 digits, default 01"
  it.each([
    [1, "01"],
    [9, "09"],
    [12, "12"],
    [99, "99"],
  ])("systemHeaderValue(%i) → %s", (id, expected) => {
    expect(systemHeaderValue(id)).toBe(expected);
  });

  it.each([0, 100, 1.5, -1])("systemHeaderValue(%d) throws", (id) => {
    expect(() => systemHeaderValue(id)).toThrow(RangeError);
  });

  it.each<[string | undefined, number | null]>([
    [undefined, 1], // default 01
    ["01", 1],
    ["07", 7],
    ["42", 42],
    ["1", null],
    ["001", null],
    ["00", null],
    ["ab", null],
    ["", null],
    [" 01", null],
  ])("parseSystemHeader(%j) → %j", (value, expected) => {
    expect(parseSystemHeader(value)).toBe(expected);
  });
});
