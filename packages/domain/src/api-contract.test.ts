import { describe, expect, it } from "vitest";
import { isErrorCode } from "./api-contract.ts";

describe("isErrorCode (ARCHITECTURE «Contract rules»: the codes of extensions.code)", () => {
  it.each([
    ["MISSING_AUTH", true],
    ["MISSING_PERMISSION", true],
    ["VALIDATION", true],
    ["NOT_FOUND", true],
    ["CONFLICT", true],
    ["INTERNAL", true],
    ["validation", false],
    ["GRAPHQL_VALIDATION_FAILED", false],
    ["", false],
    [undefined, false],
    [42, false],
  ])("%j → %s", (value, expected) => expect(isErrorCode(value)).toBe(expected));
});
