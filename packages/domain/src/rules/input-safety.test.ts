import { describe, expect, it } from "vitest";
import { findInputProblem, hasUnsafeCharacters, INPUT_DEPTH_MAX, INPUT_LIST_MAX } from "./input-safety.ts";

describe("hasUnsafeCharacters (names refuse control characters (NUL, U+202E))", () => {
  it.each([
    ["Zimmer 103 Bett 1", false, false],
    ["Zürich – Süd ✓ 日本", false, false],
    ["NUL \u0000 inside", true, true],
    ["right-to-left \u202E override", true, true],
    ["isolate \u2066x\u2069", true, true],
    ["escape \u001B[31m", true, true],
    ["C1 \u0085 next line", true, true],
    ["byte-order mark \uFEFF", true, true],
    ["two\nlines", true, false],
    ["tab\tstop", true, false],
    ["windows\r\nline", true, false],
    ["vertical \u000B tab", true, true],
  ])("%j: single line %s, multi-line %s", (value, singleLine, multiLine) => {
    expect(hasUnsafeCharacters(value)).toBe(singleLine);
    expect(hasUnsafeCharacters(value, { multiline: true })).toBe(multiLine);
  });
});

describe("findInputProblem (NUL in any string is a VALIDATION error; id lists have a maximum length)", () => {
  const deep = (levels: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i += 1) value = { a: value };
    return value;
  };
  it.each([
    ["plain request", { query: "{ x }", variables: { name: "Zimmer", ids: [1, 2, 3] } }, null],
    ["NUL in a variable", { variables: { data: { name: "a\u0000b" } } }, { path: "variables.data.name", problem: "nul" }],
    ["NUL in a key", { variables: { "a\u0000": 1 } }, { path: "variables.a\\0", problem: "nul" }],
    ["NUL in a list item", { ids: ["x", "\u0000"] }, { path: "ids.1", problem: "nul" }],
    ["list at the limit", { ids: new Array(INPUT_LIST_MAX).fill(1) }, null],
    ["list over the limit", { ids: new Array(INPUT_LIST_MAX + 1).fill(1) }, { path: "ids", problem: "list_too_long" }],
    ["nesting at the limit", deep(INPUT_DEPTH_MAX), null],
    ["nesting over the limit", deep(INPUT_DEPTH_MAX + 1), { problem: "too_deep" }],
    ["a bare NUL string", "\u0000", { path: "", problem: "nul" }],
  ])("%s", (_name, input, expected) => {
    const found = findInputProblem(input);
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatchObject(expected);
  });

  it("survives a nesting of 100,000 levels without a stack overflow", () => {
    expect(findInputProblem(deep(100_000))).toMatchObject({ problem: "too_deep" });
  });
});
