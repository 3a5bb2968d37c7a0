import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { answerFailure, checkFailure, genericFailure, mutationFailure, validationFailure } from "./entity-errors";

function serverError(code: string, extensions: Record<string, unknown> = {}): CombinedError {
  return new CombinedError({ graphQLErrors: [new GraphQLError("failed", { extensions: { code, ...extensions } })] });
}

describe("mutation failures (spec §8: mutation error shows error callout)", () => {
  it("puts VALIDATION errors of form fields on the fields, the others into the callout", () => {
    const error = serverError("VALIDATION", {
      fields: {
        name: [
          { message: "validation.unique", data: { field: "name" } },
          { message: "validation.max_length", data: { size: 50 } },
        ],
        sort_order: [{ message: "validation.between", data: { min: 0, max: 100000 } }],
      },
    });
    const failure = mutationFailure(error, "save", new Set(["name", "char"]));
    expect(failure.fieldErrors).toEqual({ name: { message: "validation.unique", data: { field: "name" } } });
    expect(failure.otherErrors).toEqual({ sort_order: { message: "validation.between", data: { min: 0, max: 100000 } } });
    expect(failure.textKey).toBe("entityForm.errors.validation");
  });

  it.each([
    ["MISSING_PERMISSION", "save", "entityForm.errors.permission"],
    ["NOT_FOUND", "save", "entityForm.errors.notFound"],
    ["CONFLICT", "delete", "entityForm.errors.inUse"],
    ["CONFLICT", "save", "entityForm.errors.conflict"],
    ["INTERNAL", "save", "errors.saveFailedText"],
    ["INTERNAL", "delete", "entityForm.errors.deleteFailed"],
    ["INTERNAL", "sort", "entityForm.errors.sortFailed"],
  ] as const)("%s on %s says %s", (code, action, textKey) => {
    expect(mutationFailure(serverError(code), action, new Set()).textKey).toBe(textKey);
  });

  it("a network failure says the input is kept", () => {
    const failure = mutationFailure(new CombinedError({ networkError: new Error("Failed to fetch") }), "save", new Set());
    expect(failure).toMatchObject({ titleKey: "errors.saveFailedTitle", textKey: "entityForm.errors.network" });
  });
});

describe("client validation failures", () => {
  it("need no callout while every error sits on a field of the form", () => {
    expect(validationFailure({ name: { message: "validation.required" } }, new Set(["name"]))).toBeNull();
  });

  it("show errors without a field of their own in the callout (a save never silently does nothing)", () => {
    const failure = validationFailure(
      { name: { message: "validation.required" }, _form: { message: "validation.unknown_field", data: { value: "__typename" } } },
      new Set(["name"]),
    );
    expect(failure?.fieldErrors).toEqual({ name: { message: "validation.required" } });
    expect(failure?.otherErrors).toEqual({ _form: { message: "validation.unknown_field", data: { value: "__typename" } } });
  });
});

describe("the form mutation cycle (entity-admin/useFormMutation)", () => {
  const fields = new Set(["name"]);
  const onField = { name: { message: "validation.required", data: { field: "name" } } };

  it.each([
    ["nothing found", {}, false, null],
    ["errors on fields only", onField, false, null],
    ["errors on fields only, explained", onField, true, "entityForm.errors.validation"],
    ["an error without its field", { rule: { message: "validation.custom" } }, false, "entityForm.errors.validation"],
  ] as const)("a client check with %s shows callout %s", (_, found, explain, textKey) => {
    expect(checkFailure(found, fields, explain)?.textKey ?? null).toBe(textKey);
  });

  it("an error answer is read by the form's mapping, even with data", () => {
    const failure = answerFailure(serverError("NOT_FOUND"), true, "save", (error, action) => mutationFailure(error, action, fields));
    expect(failure?.textKey).toBe("entityForm.errors.notFound");
  });

  it("an answer without data is the generic failure of its action; with data none", () => {
    const never = (): never => {
      throw new Error("no error to map");
    };
    expect(answerFailure(undefined, false, "delete", never)).toEqual(genericFailure("delete"));
    expect(answerFailure(undefined, true, "save", never)).toBeNull();
  });
});
