import { describe, expect, it } from "vitest";
import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import { errorCodes, errorMessages, firstFieldErrors, hasErrorCode, validationFieldErrors } from "./errors";

function combined(...errors: { message: string; extensions?: Record<string, unknown> }[]): CombinedError {
  return new CombinedError({
    graphQLErrors: errors.map((e) => new GraphQLError(e.message, { extensions: e.extensions })),
  });
}

describe("GraphQL error helpers", () => {
  it("reads extensions.code", () => {
    const error = combined({ message: "x", extensions: { code: "MISSING_AUTH" } }, { message: "y" });
    expect(errorCodes(error)).toEqual(["MISSING_AUTH"]);
    expect(hasErrorCode(error, "MISSING_AUTH")).toBe(true);
    expect(hasErrorCode(error, "VALIDATION")).toBe(false);
    expect(errorMessages(error)).toEqual(["x", "y"]);
  });

  it("shows the first message per field (spec §5)", () => {
    const error = combined({
      message: "Validation failed",
      extensions: {
        code: "VALIDATION",
        fields: {
          password: [
            { message: "validation.min_length", data: { field: "password", size: 8 } },
            { message: "validation.max_length", data: {} },
          ],
          username: [{ message: "validation.required" }],
          broken: "not a list",
        },
      },
    });
    expect(validationFieldErrors(error)).toEqual({
      password: { message: "validation.min_length", data: { field: "password", size: 8 } },
      username: { message: "validation.required", data: undefined },
    });
  });

  it("ignores field lists of other error codes", () => {
    const error = combined({ message: "x", extensions: { code: "CONFLICT", fields: { a: [{ message: "m" }] } } });
    expect(validationFieldErrors(error)).toEqual({});
    expect(validationFieldErrors(undefined)).toEqual({});
  });

  it("reduces domain fieldErrors output to the first entry per field", () => {
    expect(firstFieldErrors({ a: [{ message: "1" }, { message: "2" }], b: [] })).toEqual({ a: { message: "1" } });
  });
});
