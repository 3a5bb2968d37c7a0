import { describe, expect, it } from "vitest";
import type { AuthScopes } from "./builder.ts";
import { buildSchema } from "./schema.ts";

/** ARCHITECTURE «Security rules»: "a test walks the whole schema and fails if any field lacks a declaration". */
describe("every root field declares its permission", () => {
  const schema = buildSchema();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const fields = roots.flatMap((root) => Object.values(root?.getFields() ?? {}).map((field) => [`${root?.name}.${field.name}`, field] as const));

  it("has root fields to check", () => {
    expect(fields.length).toBeGreaterThan(5);
  });

  it.each(fields)("%s has authScopes", (_name, field) => {
    const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
    expect(options?.authScopes).toBeDefined();
  });
});

// `permission` and `writePermission` take a code of packages/domain/src/permissions.ts,
// so a misspelt code fails `npm run typecheck` (this file is type-checked with the server).
describe("scope codes are permission codes", () => {
  it("refuses a misspelt code at compile time", () => {
    // @ts-expect-error "admin::manage_sytem" is not a permission code
    const typo: Partial<AuthScopes> = { permission: "admin::manage_sytem" };
    const code: Partial<AuthScopes> = { writePermission: "admin::manage_system" };
    expect([typo, code]).toHaveLength(2);
  });
});
