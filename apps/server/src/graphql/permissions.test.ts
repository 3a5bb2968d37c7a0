import { describe, expect, it } from "vitest";
import { buildSchema } from "./schema.ts";

/** DESIGN.md §7: "a test walks the whole schema and fails if any field lacks a declaration". */
describe("every root field declares its permission", () => {
  const schema = buildSchema();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const fields = roots.flatMap((root) =>
    Object.values(root?.getFields() ?? {}).map((field) => [`${root?.name}.${field.name}`, field] as const),
  );

  it("has root fields to check", () => {
    expect(fields.length).toBeGreaterThan(5);
  });

  it.each(fields)("%s has authScopes", (_name, field) => {
    const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
    expect(options?.authScopes).toBeDefined();
  });
});
